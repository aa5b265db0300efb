// Drives the bots' page-side API for test_bots.py: reads {request, budgets} on standard input,
// prints one JSON object: the search's result run in one go, the same run in slices of each
// budget (with the number of slices), the evaluation, and the Web Worker's answers, the worker
// script run in a sandbox whose importScripts loads the given files as a browser would.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");
const B = require("../../engine-js/bots.js");

const ROOT = path.join(__dirname, "..", "..");

/** bot-worker.js in a fresh context, as a worker: its answers to messages, in order. */
function worker(messages) {
  const answers = [];
  // A worker's global object is self; postMessage and importScripts are its methods.
  const context = vm.createContext({ performance, setTimeout });
  vm.runInContext("globalThis.self = globalThis;", context);
  context.postMessage = (data) => answers.push(JSON.parse(JSON.stringify(data)));
  context.importScripts = (...urls) => {
    for (const url of urls) {
      vm.runInContext(fs.readFileSync(path.join(ROOT, url), "utf8"), context, { filename: url });
    }
  };
  vm.runInContext(fs.readFileSync(path.join(ROOT, "engine-js/bot-worker.js"), "utf8"), context);
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
    { id: 0, kind: "choose", request },
    { type: "load", scripts: ["engine-js/rules.js", "engine-js/bots.js"] },
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
