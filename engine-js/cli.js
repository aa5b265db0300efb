// The JSON command line of the JavaScript twin: `npm run --silent engine -- legal|replay|deal|bot`.
//
// legal and replay speak exactly the contract of `python -m engine legal|replay` (engine/cli.py,
// docs/formats.md): JSON in on standard input, JSON out on standard output written as Python's
// json.dumps writes it; an illegal play exits 1 and a malformed input exits 2, each with one JSON
// line on standard error, never a stack trace. The request is read by a JSON reader that keeps
// ints apart from floats and words its syntax errors as Python's does, so that both command
// lines answer every request alike. deal prints a deal seeded by the twin's own generator (the
// play page's #deal=N), not Python's; bot belongs to bot-cli.js.
"use strict";

const fs = require("fs");
const path = require("path");
const R = require("./code.js");

const EXIT_ILLEGAL = 1;
const EXIT_INVALID = 2;

/** The input is not a well-formed request; the message says what and where. */
class InvalidInput extends Error {}

/** Leave with one JSON line on standard error. */
class Exit extends Error {
  constructor(payload, status) {
    super(payload.error);
    this.payload = payload;
    this.status = status;
  }
}

// -- JSON as Python reads and writes it ------------------------------------------

/** A JSON number written with a fraction or an exponent: a float to Python, never an int. */
class PyFloat {
  constructor(value) {
    this.pyFloat = value;
  }
}

/** A syntax error, placed as Python places it: in code points, lines and columns from 1. */
class JSONDecodeError extends Error {
  constructor(message, text, pos) {
    const before = [...text.slice(0, pos)];
    const line = before.filter((c) => c === "\n").length + 1;
    const column = before.length - before.lastIndexOf("\n");
    super(`${message}: line ${line} column ${column} (char ${before.length})`);
  }
}

/** Stands for Python's StopIteration: no JSON value starts at pos. */
class NoValue {
  constructor(pos) {
    this.pos = pos;
  }
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** Parse text as Python's json.loads does (its C scanner), with the same error messages. */
function loads(text) {
  if (text.startsWith("\ufeff")) {
    throw new JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0);
  }
  const skip = (i) => {
    while (i < text.length && WHITESPACE.has(text[i])) i++;
    return i;
  };
  const fail = (message, pos) => {
    throw new JSONDecodeError(message, text, pos);
  };

  function string(end) {
    const begin = end - 1;
    let out = "";
    for (;;) {
      let next = end;
      for (; next < text.length; next++) {
        const d = text[next];
        if (d === '"' || d === "\\") break;
        if (d <= "\x1f") fail("Invalid control character at", next);
      }
      if (next === text.length) fail("Unterminated string starting at", begin);
      out += text.slice(end, next);
      if (text[next] === '"') return [out, next + 1];
      next++;
      if (next === text.length) fail("Unterminated string starting at", begin);
      const c = text[next];
      if (c !== "u") {
        if (!(c in ESCAPES)) fail("Invalid \\escape", next - 1);
        out += ESCAPES[c];
        end = next + 1;
        continue;
      }
      next++;
      end = next + 4;
      if (end >= text.length) fail("Invalid \\uXXXX escape", next - 1);
      const hex = text.slice(next, end);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("Invalid \\uXXXX escape", end - 5);
      let code = parseInt(hex, 16);
      if (code >= 0xd800 && code <= 0xdbff && end + 6 < text.length) {
        if (text[end] === "\\" && text[end + 1] === "u") {
          const low = text.slice(end + 2, end + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(low)) fail("Invalid \\uXXXX escape", end + 1);
          const lowCode = parseInt(low, 16);
          if (lowCode >= 0xdc00 && lowCode <= 0xdfff) {
            code = 0x10000 + ((code - 0xd800) << 10) + (lowCode - 0xdc00);
            end += 6;
          }
        }
      }
      out += String.fromCodePoint(code);
    }
  }

  function object(idx) {
    const result = Object.create(null);
    idx = skip(idx);
    if (text[idx] === "}") return [result, idx + 1];
    for (;;) {
      if (text[idx] !== '"') fail("Expecting property name enclosed in double quotes", idx);
      const [key, afterKey] = string(idx + 1);
      idx = skip(afterKey);
      if (text[idx] !== ":") fail("Expecting ':' delimiter", idx);
      const [value, afterValue] = scan(skip(idx + 1));
      result[key] = value;
      idx = skip(afterValue);
      if (text[idx] === "}") return [result, idx + 1];
      if (text[idx] !== ",") fail("Expecting ',' delimiter", idx);
      idx = skip(idx + 1);
    }
  }

  function array(idx) {
    const result = [];
    idx = skip(idx);
    if (text[idx] === "]") return [result, idx + 1];
    for (;;) {
      const [value, after] = scan(idx);
      result.push(value);
      idx = skip(after);
      if (text[idx] === "]") return [result, idx + 1];
      if (text[idx] !== ",") fail("Expecting ',' delimiter", idx);
      idx = skip(idx + 1);
    }
  }

  const WORDS = [
    ["null", null],
    ["true", true],
    ["false", false],
    ["NaN", new PyFloat(NaN)],
    ["Infinity", new PyFloat(Infinity)],
    ["-Infinity", new PyFloat(-Infinity)],
  ];

  const NUMBER = /^-?(?:[1-9][0-9]*|0)(\.[0-9]+)?([eE][-+]?[0-9]+)?/;

  function scan(idx) {
    if (idx >= text.length) throw new NoValue(idx);
    const c = text[idx];
    if (c === '"') return string(idx + 1);
    if (c === "{") return object(idx + 1);
    if (c === "[") return array(idx + 1);
    for (const [word, value] of WORDS) {
      if (text.startsWith(word, idx)) return [value, idx + word.length];
    }
    const match = NUMBER.exec(text.slice(idx, idx + 4400));
    if (!match) throw new NoValue(idx);
    const number = match[0];
    const end = idx + number.length;
    if (match[1] || match[2]) return [new PyFloat(Number(number)), end];
    const value = Number(number);
    return [Number.isSafeInteger(value) ? value + 0 : BigInt(number), end]; // -0 is the int 0
  }

  try {
    const [value, end] = scan(skip(0));
    const rest = skip(end);
    if (rest !== text.length) fail("Extra data", rest);
    return value;
  } catch (error) {
    if (error instanceof NoValue) fail("Expecting value", error.pos);
    throw error;
  }
}

/** Write a value as Python's json.dumps(value, ensure_ascii=False) does. */
function dumps(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(dumps).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}: ${dumps(value[k])}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Standard input as text, read as Python reads it on the C and C.UTF-8 locales: UTF-8 with
 * each byte of a bad sequence kept as a lone surrogate (U+DC80 + byte, "surrogateescape",
 * cut where CPython's decoder cuts), newlines made \n.
 */
function readStdin() {
  const bytes = fs.readFileSync(0);
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  let text = "";
  let from = 0;
  for (let i = 0; i < bytes.length; ) {
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    text += decoder.decode(bytes.subarray(from, i));
    for (const byte of bytes.subarray(i, i - length)) text += String.fromCharCode(0xdc00 + byte);
    i -= length;
    from = i;
  }
  text += decoder.decode(bytes.subarray(from));
  return text.replace(/\r\n?/g, "\n");
}

/**
 * The length of the UTF-8 sequence starting at bytes[i]; when it is bad, minus the number of
 * bytes CPython's decoder rejects together (a bad first byte alone; otherwise the valid bytes
 * before the bad one; a sequence cut by the end of the input whole).
 */
function sequenceLength(bytes, i) {
  const first = bytes[i];
  if (first < 0x80) return 1;
  const length = first < 0xc2 ? 0 : first < 0xe0 ? 2 : first < 0xf0 ? 3 : first < 0xf5 ? 4 : 0;
  if (length === 0) return -1;
  // The second byte's range depends on the first (no overlong forms, surrogates or > U+10FFFF).
  const low = first === 0xe0 ? 0xa0 : first === 0xf0 ? 0x90 : 0x80;
  const high = first === 0xed ? 0x9f : first === 0xf4 ? 0x8f : 0xbf;
  for (let k = 1; k < length; k++) {
    if (i + k >= bytes.length) return -(bytes.length - i);
    const byte = bytes[i + k];
    if (byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return -k;
  }
  return length;
}

// -- requests, checked as engine/cli.py checks them ----------------------------------

function readRequest() {
  let data;
  try {
    data = loads(readStdin());
  } catch (error) {
    if (error instanceof JSONDecodeError) {
      throw new InvalidInput(`standard input is not valid JSON: ${error.message}`);
    }
    throw error;
  }
  if (!isObject(data)) throw new InvalidInput("standard input must be a JSON object");
  return data;
}

function isObject(value) {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    !(value instanceof PyFloat)
  );
}

const KINDS = {
  int: (v) => typeof v === "bigint" || Number.isInteger(v),
  str: (v) => typeof v === "string",
  list: (v) => Array.isArray(v),
};

function field(data, name, kind, what) {
  if (!Object.prototype.hasOwnProperty.call(data, name)) {
    throw new InvalidInput(`missing field ${R.repr(name)}`);
  }
  const value = data[name];
  if (!KINDS[kind](value)) throw new InvalidInput(`field ${R.repr(name)} must be ${what}`);
  return value;
}

function card(value, where) {
  if (typeof value !== "string") {
    throw new InvalidInput(`${where}: expected a card code such as "12b", got ${R.repr(value)}`);
  }
  try {
    return R.parseCard(value);
  } catch (error) {
    if (error instanceof R.TuteError) throw new InvalidInput(`${where}: ${error.message}`);
    throw error;
  }
}

function cards(data, name) {
  const values = field(data, name, "list", "a list of card codes");
  const parsed = values.map((v, i) => card(v, `${name}[${i}]`));
  noRepeats(parsed, name);
  return parsed;
}

function noRepeats(list, where) {
  const twice = list.find((c) => list.indexOf(c) !== list.lastIndexOf(c));
  if (twice !== undefined) {
    throw new InvalidInput(`${where}: card ${R.cardCode(twice)} appears twice`);
  }
}

const codes = (list) => list.map(R.cardCode);

/** The legal cards of a hand on a trick, and the reason for each other card. */
function legal(data) {
  const letter = field(data, "trump", "str", "a suit letter (o, c, e or b)");
  let trump;
  try {
    trump = R.parseSuit(letter);
  } catch (error) {
    if (error instanceof R.TuteError) throw new InvalidInput(`trump: ${error.message}`);
    throw error;
  }
  const hand = cards(data, "hand");
  const trick = cards(data, "trick");
  if (!hand.length) throw new InvalidInput("hand: the player to move holds at least one card");
  if (trick.length >= R.PLAYERS) {
    throw new InvalidInput(
      `trick: a trick in progress holds at most 3 cards, not ${trick.length}`,
    );
  }
  noRepeats([...hand, ...trick], "hand and trick");
  const refused = {};
  const allowed = [];
  for (const c of hand) {
    const reason = R.refusalReason(c, hand, trick, trump);
    if (reason === null) allowed.push(R.cardCode(c));
    else refused[R.cardCode(c)] = reason;
  }
  return { legal: allowed, refused };
}

function deal(data) {
  const dealer = field(data, "dealer", "int", "a seat number 0-3");
  if (!(dealer >= 0 && dealer < R.PLAYERS)) {
    throw new InvalidInput(`dealer must be a seat number 0-3, not ${dealer}`);
  }
  const trumpCard = card(field(data, "trump_card", "str", "a card code"), "trump_card");
  const hands = field(data, "hands", "list", "a list of four lists of card codes");
  if (hands.length !== R.PLAYERS) {
    throw new InvalidInput(`hands: expected 4 hands (seats 0-3), got ${hands.length}`);
  }
  const parsed = hands.map((hand, seat) => {
    if (!Array.isArray(hand)) throw new InvalidInput(`hands[${seat}] must be a list of card codes`);
    return hand.map((v, i) => card(v, `hands[${seat}][${i}]`));
  });
  const result = { dealer: Number(dealer), trumpCard, hands: parsed };
  try {
    R.checkDeal(result);
  } catch (error) {
    if (error instanceof R.TuteError) throw new InvalidInput(`hands: ${error.message}`);
    throw error;
  }
  return result;
}

/** Play a deal's cards in order and describe the hand so far. */
function replay(data) {
  const dealt = deal(data);
  const plays = field(data, "plays", "list", "a list").map((v, i) => card(v, `plays[${i}]`));
  const game = new R.Game(dealt);
  const steps = [];
  plays.forEach((c, i) => {
    const seat = game.turn;
    const allowed = codes(game.legalPlays());
    const reason = game.refusal(c);
    if (reason !== null) {
      throw new Exit(
        {
          error: "illegal_play",
          step: i,
          seat,
          card: R.cardCode(c),
          reason,
          legal: allowed,
        },
        EXIT_ILLEGAL,
      );
    }
    steps.push({ seat, card: R.cardCode(c), legal: allowed });
    game.play(c);
  });
  const outcome = game.outcome();
  const tute = game.tute;
  return {
    trump: R.SUIT_LETTERS[game.trump],
    steps,
    tricks: game.tricks.map((t) => ({
      leader: t.leader,
      cards: codes(t.cards),
      winner: t.winner,
      points: t.points,
    })),
    cants: game.cants.map((c) => ({
      after_trick: c.afterTrick,
      seat: c.seat,
      suit: R.SUIT_LETTERS[c.suit],
      points: c.points,
    })),
    tute: tute === null ? null : { after_trick: tute.afterTrick, seat: tute.seat, kind: tute.kind },
    points: game.points,
    over: game.isOver,
    winner: outcome === null ? null : outcome.winner,
    next: game.turn === null ? null : { seat: game.turn, legal: codes(game.legalPlays()) },
  };
}

/** A deal seeded by the twin's generator, in the input format of replay. */
function dealJson(seed, dealer) {
  const dealt = R.randomDeal(R.seededRandom(seed), dealer);
  return {
    dealer: dealt.dealer,
    trump_card: R.cardCode(dealt.trumpCard),
    hands: dealt.hands.map(codes),
    plays: [],
  };
}

// -- the arguments, answered as argparse answers them --------------------------------

const COMMANDS = ["legal", "replay", "deal", "bot"];
const USAGE = `usage: npm run --silent engine -- {${COMMANDS.join(",")}} ...

The rules of tute per parelles, as JSON (the JavaScript twin of python -m engine).

  legal   legal cards of a hand on a trick (JSON on stdin)
  replay  play a deal's cards in order (JSON on stdin)
  deal    print a seeded random deal: deal --seed N [--dealer 0-3]
  bot     the machine players (see bot-cli.js)
`;

function usageError(message) {
  return new Exit({ error: "invalid_input", message }, EXIT_INVALID);
}

/** The options of deal: --seed N (required) and --dealer 0-3 (default 0). */
function dealOptions(args) {
  const values = {};
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].startsWith("--") ? args[i].split(/=(.*)/s) : [args[i]];
    if (name !== "--seed" && name !== "--dealer") {
      rest.push(args[i]);
      continue;
    }
    const value = inline !== undefined ? inline : args[++i];
    if (value === undefined) throw usageError(`argument ${name}: expected one argument`);
    if (!/^\s*[-+]?[0-9]+\s*$/.test(value)) {
      throw usageError(`argument ${name}: invalid int value: ${R.repr(value)}`);
    }
    values[name] = Number(value);
  }
  if (rest.length) throw usageError(`unrecognized arguments: ${rest.join(" ")}`);
  if (values["--seed"] === undefined) {
    throw usageError("the following arguments are required: --seed");
  }
  const dealer = values["--dealer"] === undefined ? 0 : values["--dealer"];
  if (!(dealer >= 0 && dealer < R.PLAYERS)) {
    throw usageError(`argument --dealer: invalid choice: ${dealer} (choose from 0, 1, 2, 3)`);
  }
  return [values["--seed"], dealer];
}

function run(args) {
  const [command, ...rest] = args;
  if (command === "-h" || command === "--help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === undefined) throw usageError("the following arguments are required: command");
  if (!COMMANDS.includes(command)) {
    const choices = COMMANDS.map((c) => R.repr(c)).join(", ");
    throw usageError(
      `argument command: invalid choice: ${R.repr(command)} (choose from ${choices})`,
    );
  }
  if (command === "bot") {
    const botCli = path.join(__dirname, "bot-cli.js");
    if (!fs.existsSync(botCli)) throw usageError("bot: the machine players are not installed");
    return require(botCli).main(rest);
  }
  let result;
  try {
    if (command === "deal") {
      result = dealJson(...dealOptions(rest));
    } else {
      if (rest.length) throw usageError(`unrecognized arguments: ${rest.join(" ")}`);
      result = command === "legal" ? legal(readRequest()) : replay(readRequest());
    }
  } catch (error) {
    if (error instanceof InvalidInput) throw usageError(error.message);
    throw error;
  }
  process.stdout.write(dumps(result) + "\n");
  return 0;
}

/** Run one command from the process's arguments; set the exit status. */
function main(args = process.argv.slice(2)) {
  let status;
  try {
    status = run(args);
  } catch (error) {
    // A fault of the twin itself is still one JSON line, never a stack trace.
    const exit =
      error instanceof Exit
        ? error
        : new Exit({ error: "internal_error", message: String(error && error.message) }, 3);
    process.stderr.write(dumps(exit.payload) + "\n");
    status = exit.status;
  }
  if (typeof status === "number") process.exitCode = status;
}

module.exports = { main, loads, dumps, legal, replay };

if (require.main === module) main();
