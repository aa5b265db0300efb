// Drives the bots' page-side API for test_bots.py: reads {request, budgets} on standard input,
// prints one JSON object: the search's result run in one go, the same run in slices of each
// budget (with the number of slices), the evaluation, and the Web Worker's answers: the rules,
// the bots and the worker script run one after another in a sandbox that is a worker's global
// scope, as the play page's bundle runs in its worker.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");
const B = require("../../engine-js/bots.js");

const ROOT = path.join(__dirname, "..", "..");

/** The bundle's engine scripts in a fresh context, as a worker: its answers, in order. */
function worker(messages) {
  const answers = [];
  // A worker's global object is self; postMessage and importScripts are its methods.
  const context = vm.createContext({ performance, setTimeout });
  vm.runInContext("globalThis.self = globalThis;", context);
  context.postMessage = (data) => answers.push(JSON.parse(JSON.stringify(data)));
  context.importScripts = () => {};
  for (const name of ["rules.js", "bots.js", "bot-worker.js"]) {
    const file = path.join(ROOT, "engine-js", name);
    vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
  }
  for (const data of messages) context.onmessage({ data });
  return answers;
}

function main() {
  const { request, budgets } = JSON.parse(fs.readFileSync(0, "utf8"));
  const whole = new B.Search(request);
  whole.step();
  const sliced = budgets.map((budget) => {
    const search = new B.Search(request);
    let slices = 1;
    while (!search.step(budget)) slices++;
    return { slices, result: search.result() };
  });
  const unfinished = new B.Search(request);
  let early = null;
  try {
    unfinished.result();
  } catch (error) {
    early = error.message;
  }
  const answers = worker([
    { id: 1, kind: "choose", request },
    { id: 2, kind: "hint", request },
    { id: 3, kind: "evaluate", request },
    { id: 4, kind: "peek", request },
    { id: 5, kind: "choose", request: { ...request, hand: [] } },
  ]);
  process.stdout.write(
    JSON.stringify({
      whole: whole.result(),
      sliced,
      early,
      evaluate: B.evaluate(request),
      choose: B.choose(request),
      worker: answers,
    }) + "\n",
  );
}

main();
