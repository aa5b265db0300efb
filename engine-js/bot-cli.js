// The machine players' command line: `npm run --silent engine -- bot`.
//
// One JSON request per line on standard input, one JSON answer per line on standard output,
// written as soon as it is known, so that a caller can keep one process open for a whole
// tournament:
//   {"level": 2, "seat": 1, "hand": [...], "dealer": 3, "trump_card": "7b", "plays": [...],
//    "seed": 7}  ->  {"card": "1o", "why": "partner_winning_give_points"}
// level 0 is random, 1 rule-based, 2 searching; plays are every card played in the hand so
// far, in order; seed (default 0) makes the answer repeatable; cants (optional, public) are the
// cants sung so far as replay writes them. A bad line gets {"error": "..."} saying what and
// where, and the process goes on with the next line.
"use strict";

const readline = require("readline");
const B = require("./bots.js");
// The rules' own messages (a bad card code) quote as the engine does.
require("./code.js");

/** The answer to one line of input, as a JSON text. */
function answer(line, number) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return JSON.stringify({ error: `line ${number}: not JSON: ${error.message}` });
  }
  try {
    return JSON.stringify(B.choose(request));
  } catch (error) {
    const what = error instanceof B.BotError ? "" : "internal error: ";
    return JSON.stringify({ error: `line ${number}: ${what}${error.message}` });
  }
}

/** Answer standard input line by line until it ends (blank lines are skipped). */
function main(args = []) {
  if (args.length) {
    process.stderr.write(
      JSON.stringify({ error: "invalid_input", message: `unrecognized arguments: ${args.join(" ")}` }) +
        "\n",
    );
    process.exitCode = 2;
    return;
  }
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let number = 0;
  lines.on("line", (line) => {
    number++;
    if (line.trim()) process.stdout.write(answer(line, number) + "\n");
  });
}

module.exports = { main, answer };

if (require.main === module) main(process.argv.slice(2));
