// The Node side of the differential tests: reads a batch of positions, hands, matches or deals
// written by tests/engine_js/ (with the Python engine's answers) on standard input, asks the
// JavaScript twin the same questions and writes one JSON report on standard output: how much
// it checked and the first mismatches, each with the position as a game code.
//
// The first line names the batch: hands, bare, matches, perft <depth>, split <depth> (one
// deal's count after each first card) or deals <count>.
"use strict";

const path = require("path");
const readline = require("readline");
const R = require(path.join(__dirname, "..", "..", "engine-js", "code.js"));

const MAX_REPORTED = 10;
const LETTERS = {
  not_in_hand: "n",
  must_follow_suit: "f",
  must_beat: "b",
  must_trump: "t",
  must_overtrump: "o",
  hand_over: "h",
};
const TUTE_MODES = { h: "hand", m: "match", o: "off" };

/** A refusal as one letter; "." when the card may be played. */
function letter(reason) {
  return reason === null ? "." : LETTERS[reason];
}

const mismatches = [];
function mismatch(report) {
  if (mismatches.length < MAX_REPORTED) mismatches.push(report);
}

function ints(text) {
  return text === "" ? [] : text.split(" ").map(Number);
}

/** Rules from their short form: must beat 1 or 0, then h(and), m(atch) or o(ff), then target. */
function rulesOf(text) {
  return {
    mustBeat: text[0] === "1",
    tute: TUTE_MODES[text[1]],
    matchTarget: text.length > 2 ? Number(text.slice(2)) : R.MATCH_TARGET,
  };
}

/** A deal from "dealer trump c0 ... c39" (seat 0's ten cards first). */
function dealOf(text) {
  const [dealer, trumpCard, ...cards] = ints(text);
  const hands = [0, 1, 2, 3].map((s) => cards.slice(s * 10, s * 10 + 10));
  return { dealer, trumpCard, hands };
}

/**
 * The answer for the player to move: the legal set of legalPlays() as a hex mask, and the
 * reason letter of each card of the hand in deck order. Also checks the rest of the twin's
 * answers, which the engine's imply: the fast legalInto and legalMask say the same, and every
 * card not in the hand is refused as not_in_hand. Returns null when those disagree.
 */
function answer(game, buffer) {
  const legal = game.legalPlays();
  const n = game.legalInto(buffer);
  if (n !== legal.length) return null;
  let mask = 0;
  for (let i = 0; i < n; i++) {
    if (buffer[i] !== legal[i]) return null;
    mask += 2 ** legal[i];
  }
  const code = game.legalMask();
  const seat = game.turn;
  if (seat === null) return code === 0 ? `${mask.toString(16)}:` : null;
  let letters = "";
  let fast = 0;
  for (let suit = 0; suit < 4; suit++) {
    const held = game.hands[seat * 4 + suit];
    if (code === R.ALL) fast += held * 2 ** (suit * 10);
    else if (code >> 10 === suit) fast += (code & 1023) * 2 ** (suit * 10);
    for (let rank = 0; rank < 10; rank++) {
      const reason = game.refusal(suit * 10 + rank);
      if ((held >> rank) & 1) letters += letter(reason);
      else if (reason !== "not_in_hand") return null;
    }
  }
  return fast === mask ? `${mask.toString(16)}:${letters}` : null;
}

/** The hand's summary, written as tests/engine_js/twin.py writes the engine's. */
function summary(game) {
  const dashed = (values) => values.join("-");
  const tricks = game.tricks.map((t) => dashed([t.leader, ...t.cards, t.winner, t.points]));
  const cants = game.cants.map((c) => dashed([c.afterTrick, c.seat, c.suit, c.points]));
  const tute = game.tute;
  const outcome = game.outcome();
  return [
    tricks.join(",") || "-",
    cants.join(",") || "-",
    tute === null ? "-" : dashed([tute.afterTrick, tute.seat, tute.kind]),
    dashed(game.points),
    outcome === null ? "-" : dashed([outcome.winner, ...outcome.points, outcome.reason]),
    game.code(),
  ].join(" | ");
}

/** The first difference between the twin and the engine in one hand, or null. */
function checkHand(line, buffer) {
  const [rulesText, dealText, start, playsText, expectedText, midText, expectedSummary] =
    line.split("\t");
  const rules = rulesOf(rulesText);
  const plays = ints(playsText);
  const expected = expectedText.split(" ");
  const [midPly, midCode] = [Number(midText.split("|")[0]), midText.split("|")[1]];
  const game = new R.Game(dealOf(dealText), rules);
  const differ = (ply, what, want, got) =>
    want !== got && { ply, code: game.code(), what, want, got };
  const first = (...checks) => checks.find(Boolean) || null;
  let found = first(
    differ(0, "code of the deal", start, game.code()),
    differ(0, "fromCode(code).code()", start, R.Game.fromCode(start, rules).code()),
  );
  let fromCode = null;
  let copied = null;
  for (let ply = 0; !found && ply <= plays.length; ply++) {
    if (ply === midPly) {
      fromCode = R.Game.fromCode(midCode, rules);
      copied = game.copy();
      found = differ(ply, "code", midCode, game.code());
    }
    const [legalHex, letters, sample] = expected[ply].split(":");
    if (ply === midPly && !copied.isOver) {
      // A card played and taken back on the copy leaves the position as it was.
      copied.play(copied.legalPlays().at(-1));
      copied.undo();
      found = found || differ(ply, "play and undo", `${legalHex}:${letters}`, answer(copied, buffer));
    }
    const got = answer(game, buffer);
    const card = Number(sample.slice(0, -1));
    found = found || first(
      differ(ply, got === null ? "fast API" : "legal and refused", `${legalHex}:${letters}`, got),
      differ(ply, `refusal of ${R.cardCode(card)}`, sample.slice(-1), letter(game.refusal(card))),
    );
    if (found || ply === plays.length) break;
    positions++;
    try {
      game.play(plays[ply]);
    } catch (error) {
      return differ(ply, `play ${R.cardCode(plays[ply])}`, "legal", error.message);
    }
    fromCode?.playFast(plays[ply]);
  }
  if (found) return found;
  positions++;
  let afterEnd = "accepted";
  try {
    game.play(plays[0]);
  } catch (error) {
    afterEnd = error.reason;
  }
  const outcomes = (g) => [g.code(), g.points.join(), JSON.stringify(g.outcome())].join(" ");
  found = first(
    differ(plays.length, "summary", expectedSummary, summary(game)),
    differ(plays.length, "play after the end", "hand_over", afterEnd),
    differ(plays.length, "read from the mid code, played on", outcomes(game), outcomes(fromCode)),
    // The copy taken at the mid ply is untouched by the plays after it; undo takes it back.
    differ(midPly, "copy", midCode, copied.code()),
  );
  while (!found && copied.plies) copied.undo();
  while (!found && game.plies) game.undo();
  found = found || first(
    differ(0, "undo of the copy", start, copied.code()),
    differ(0, "undo to the deal", start, game.code()),
  );
  // Played again after all the undos, the hand ends as it did.
  for (const card of found ? [] : plays) game.playFast(card);
  return found || differ(plays.length, "played again after undo", expectedSummary, summary(game));
}

let positions = 0;

/** The first difference between the twin and the engine on one bare position, or null. */
function checkPosition(line) {
  const [handText, trickText, trumpText, mustBeat, legalHex, letters, sample] = line.split(";");
  const hand = handText.split(",").map(Number);
  const trick = trickText === "" ? [] : trickText.split(",").map(Number);
  const trump = Number(trumpText);
  const rules = { ...R.HOUSE_RULES, mustBeat: mustBeat === "1" };
  const where = { hand: hand.map(R.cardCode), trick: trick.map(R.cardCode), trump, mustBeat };
  let mask = 0;
  for (const card of R.legalCards(hand, trick, trump, rules)) mask += 2 ** card;
  let got = `${mask.toString(16)}:`;
  for (let card = 0; card < R.DECK_SIZE; card++) {
    const reason = R.refusalReason(card, hand, trick, trump, rules);
    if (hand.includes(card)) got += letter(reason);
    else if (reason !== "not_in_hand") return { ...where, card, want: "not_in_hand", got: reason };
  }
  if (got !== `${legalHex}:${letters}`) return { ...where, want: `${legalHex}:${letters}`, got };
  const card = Number(sample.slice(0, -1));
  const reason = letter(R.refusalReason(card, hand, trick, trump, rules));
  if (reason === sample.slice(-1)) return null;
  return { ...where, card, want: sample.slice(-1), got: reason };
}

/** The first difference between the twin and the engine in one match, or null. */
function checkMatch(line) {
  const [rulesText, dealerText, ...handTexts] = line.split("\t");
  const rules = rulesOf(rulesText);
  const match = new R.Match({ rules, dealer: Number(dealerText) });
  const state = () => `${match.jocs.join("-")}-${match.dealer}-${match.winner ?? "-"}`;
  for (const [hand, handText] of handTexts.entries()) {
    const [dealText, playsText, want] = handText.split("|");
    const deal = dealOf(dealText);
    if (deal.dealer !== match.dealer) {
      return { hand, what: "dealer", want: deal.dealer, got: state() };
    }
    const game = new R.Game(deal, rules);
    for (const card of ints(playsText)) game.play(card);
    match.record(game.outcome());
    matchHands++;
    if (state() !== want) return { hand, code: game.code(), what: "match", want, got: state() };
  }
  try {
    match.record({ winner: 0, points: [0, 0], reason: "points" });
  } catch (error) {
    if (error instanceof R.MatchOverError) return null;
    throw error;
  }
  return { what: "record after the end", want: "MatchOverError", got: state() };
}

let matchHands = 0;

function perft(game, depth, counts, d, buffers) {
  const buffer = buffers[d];
  const n = game.legalInto(buffer);
  counts[d] += n;
  if (d + 1 === depth) return;
  for (let i = 0; i < n; i++) {
    game.playFast(buffer[i]);
    if (!game.isOver) perft(game, depth, counts, d + 1, buffers);
    game.undo();
  }
}

/** The number of legal play sequences of 1 to depth cards from a deal. */
function countPerft(line, depth, buffers) {
  const counts = new Array(depth).fill(0);
  perft(new R.Game(dealOf(line)), depth, counts, 0, buffers);
  return counts;
}

/** For one deal, the number of legal play sequences of depth cards after each first card. */
function splitPerft(line, depth, buffers) {
  const game = new R.Game(dealOf(line));
  const split = {};
  for (const card of game.legalPlays()) {
    const counts = new Array(depth).fill(0);
    game.play(card);
    if (depth === 1) counts[0] = 1;
    else if (!game.isOver) perft(game, depth, counts, 1, buffers);
    game.undo();
    split[R.cardCode(card)] = counts[depth - 1];
  }
  return split;
}

/** Seeded deals of the twin's own generator, by seed, with a match's rotation. */
function makeDeals(count) {
  const deals = [];
  for (let seed = 0; seed < count; seed++) {
    const deal = R.randomDeal(R.seededRandom(seed), seed % 4);
    deals.push([deal.dealer, deal.trumpCard, ...deal.hands.flat()].join(" "));
  }
  const again = R.randomDeal(R.seededRandom(7), 3);
  const match = new R.Match({ dealer: 2 });
  const rng = R.seededRandom(11);
  const dealers = [];
  while (!match.isOver) {
    const game = match.deal(rng);
    dealers.push(game.dealer);
    while (!game.isOver) {
      const legal = game.legalPlays();
      game.play(legal[Math.floor(rng() * legal.length)]);
    }
    match.record(game.outcome());
  }
  return {
    deals,
    again: [again.dealer, again.trumpCard, ...again.hands.flat()].join(" "),
    match: { dealers, jocs: match.jocs, winner: match.winner },
  };
}

/** Each batch: what to do with each line, and the report once every line is read. */
const BATCHES = {
  hands() {
    const buffer = new Int8Array(R.HAND_SIZE);
    let hands = 0;
    return {
      line(line, index) {
        const found = checkHand(line, buffer);
        if (found) mismatch({ hand: index, ...found });
        hands++;
      },
      report: () => ({ hands, positions }),
    };
  },
  bare() {
    let checked = 0;
    return {
      line(line, index) {
        const found = checkPosition(line);
        if (found) mismatch({ position: index, ...found });
        else checked++;
      },
      report: () => ({ positions: checked }),
    };
  },
  matches() {
    let matches = 0;
    return {
      line(line, index) {
        const found = checkMatch(line);
        if (found) mismatch({ match: index, ...found });
        matches++;
      },
      report: () => ({ matches, hands: matchHands }),
    };
  },
  perft(depth) {
    const buffers = Array.from({ length: depth }, () => new Int8Array(R.HAND_SIZE));
    const deals = [];
    return {
      line: (line) => deals.push(countPerft(line, depth, buffers)),
      report: () => ({ deals }),
    };
  },
  split(depth) {
    const buffers = Array.from({ length: depth }, () => new Int8Array(R.HAND_SIZE));
    let split = null;
    return {
      line: (line) => (split = splitPerft(line, depth, buffers)),
      report: () => ({ split }),
    };
  },
  deals(count) {
    return { line() {}, report: () => makeDeals(count) };
  },
};

/** Read the batch line by line as it comes, so that Python and Node work at once. */
async function main() {
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const started = process.cpuUsage();
  let batch = null;
  let index = 0;
  for await (const line of input) {
    if (batch === null) {
      const [mode, arg] = line.split(" ");
      if (!(mode in BATCHES)) throw new Error(`unknown batch ${line}`);
      batch = BATCHES[mode](Number(arg));
    } else if (line !== "") {
      batch.line(line, index++);
    }
  }
  const result = batch.report();
  const used = process.cpuUsage(started);
  result.mismatches = mismatches;
  result.seconds = (used.user + used.system) / 1e6;
  process.stdout.write(JSON.stringify(result) + "\n");
}

main();
