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

/** What a field must be, by the name bots.js gives it. */
const KINDS = {
  seat: "a seat number 0-3",
  card: "a card code",
  cards: "a list of card codes",
  level: "0, 1 or 2",
};

/** What is wrong with a request and where, in words, by the code of its BotError. */
const MESSAGES = {
  object: () => "a request must be a JSON object",
  missing: (v) => `missing field ${JSON.stringify(v.name)}`,
  must_be: (v) => `field ${JSON.stringify(v.name)} must be ${KINDS[v.what]}`,
  not_a_code: (v) => `${v.where}: expected a card code such as "12b", got ${JSON.stringify(v.value)}`,
  bad_card: (v) => `${v.where}: ${v.error}`,
  twice: (v) => `${v.name}[${v.i}]: card ${v.card} appears twice`,
  seed: () => 'field "seed" must be an integer',
  cants: () => 'field "cants" must be a list',
  cant: (v) => `cants[${v.i}] must be an object`,
  cant_trick: (v) => `cants[${v.i}].after_trick must be a trick number 1-9`,
  cant_seat: (v) => `cants[${v.i}].seat must be a seat number 0-3`,
  cant_suit: (v) => `cants[${v.i}].suit: ${v.error}`,
  hand_over: () => "plays: the hand is over (40 cards played)",
  played_and_held: (v) => `plays[${v.i}]: ${v.card} was played but is also in hand`,
  shown_lacking: (v) =>
    `plays[${v.i}]: seat ${v.seat} plays ${v.card} after an earlier card showed it held none such`,
  dealers_card: (v) =>
    `plays[${v.i}]: the trump card ${v.card} is the dealer's (seat ${v.dealer}), not seat ${v.seat}'s`,
  illegal: (v) => `plays[${v.i}]: seat ${v.seat} may not play ${v.card} here (${v.reason})`,
  dealer_must_follow: (v) =>
    `plays[${v.i}]: the dealer holds the trump card ${v.trump}, so may not play ${v.card}`,
  turn: (v) => `seat: after these plays it is seat ${v.turn}'s turn, not seat ${v.seat}'s`,
  hand_size: (v) =>
    `hand: seat ${v.seat} should hold ${v.held} cards after these plays, not ${v.count}`,
  dealer_lacks_trump: (v) => `hand: the dealer holds the trump card ${v.card} until it is played`,
  holds_dealers_card: (v) => `hand: the trump card ${v.card} is the dealer's (seat ${v.dealer})`,
  cant_not_won: (v) => `cants[${v.i}]: seat ${v.seat}'s team did not win trick ${v.trick}`,
  cant_not_held: (v) =>
    `cants[${v.i}]: seat ${v.seat} did not hold ${v.card} after trick ${v.trick}`,
  cant_without: (v) => `cants[${v.i}]: seat ${v.seat} sang without ${v.card}`,
  lacks_known_card: (v) =>
    `plays: seat ${v.seat} showed it lacks a card it must hold (the trump card or a cant)`,
  no_worlds: () => "plays: no hidden hands are consistent with these plays and cants",
};

/** A bot's error in words: a bad request's by its code, anything else as an internal error. */
function message(error) {
  if (error instanceof B.BotError) return MESSAGES[error.code](error.values);
  return `internal error: ${error.message}`;
}

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
    return JSON.stringify({ error: `line ${number}: ${message(error)}` });
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

module.exports = { main, answer, message };

if (require.main === module) main(process.argv.slice(2));
