// How strong the machine players are, and how fast: duplicate deals between two levels.
//
// Usage: node benchmarks/bots.js [--pairs N] [--seed S] [--jobs J] [--pairings 1:0,2:1,2:0]
//        [--worlds W] [--exact-worlds X] [--exact-tricks T]   (level 2's settings, for tuning)
//
// Every deal is played twice, the two levels swapping seats (and so hands), so that the cards
// dealt cancel out. For each pairing it prints the share of hands the first level wins with
// its 95% Wilson interval, both teams' mean points, the processor time per move of each level
// (p50, p95, p99; each move timed alone in a single-threaded process, so other work on the
// machine does not count) and, for the searching level, partner blunders: a card that loses at
// least 10 points of its team in at least 90% of the worlds its own search sampled. The deal
// pairs are shared out among J child processes (one per core). Figures are printed, never
// asserted.
"use strict";

const { fork } = require("child_process");
const R = require("../engine-js/rules.js");
const B = require("../engine-js/bots.js");

const NAMES = { 0: "random", 1: "rule-based", 2: "searching" };
const BLUNDER_POINTS = 10;
const BLUNDER_SHARE = 0.9;

function options(argv) {
  const out = {
    pairs: 2000,
    seed: 1,
    jobs: 2,
    pairings: "1:0,2:1,2:0",
    worlds: B.WORLDS,
    exactWorlds: B.EXACT_WORLDS,
    exactTricks: B.EXACT_TRICKS,
  };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, "").replace(/-(.)/g, (_, c) => c.toUpperCase());
    if (!(name in out) || i + 1 >= argv.length) {
      throw new Error(
        "usage: node benchmarks/bots.js [--pairs N] [--seed S] [--jobs J] [--pairings A:B,...] " +
          "[--worlds W] [--exact-worlds X] [--exact-tricks T]",
      );
    }
    out[name] = name === "pairings" ? argv[++i] : Number(argv[++i]);
  }
  out.pairings = out.pairings.split(",").map((p) => p.split(":").map(Number));
  for (const [a, b] of out.pairings) {
    if (!(a in NAMES) || !(b in NAMES)) throw new Error(`--pairings: levels are 0, 1 and 2`);
  }
  return out;
}

/** A line's points for its team, from the search's value of it (aim * SCALE + points). */
function pointsOf(value) {
  return value - Math.floor(value / B.SCALE) * B.SCALE;
}

/**
 * Worlds in which the chosen card loses at least minLoss points of the seat's team against
 * the best card of that world, as a share of the worlds the search searched: a blunder's
 * measure.
 */
function regret(search, card, minLoss) {
  const i = search.legal.indexOf(R.parseCard(card));
  const n = search.values[i].length;
  if (!n) return 0;
  let count = 0;
  for (let w = 0; w < n; w++) {
    let top = -Infinity;
    for (const values of search.values) top = Math.max(top, pointsOf(values[w]));
    if (top - pointsOf(search.values[i][w]) >= minLoss) count++;
  }
  return count / n;
}

/** The deal of pair i: seeded, dealt by seat i % 4. */
function dealOf(seed, i) {
  return R.randomDeal(R.seededRandom(seed * 1000003 + i), i % 4);
}

/** Play one hand, levels[team] for each team; timings and blunders go into stats. */
function playHand(deal, levels, seed, stats, settings) {
  const game = new R.Game(deal);
  const plays = [];
  while (!game.isOver) {
    const seat = game.turn;
    const level = levels[seat & 1];
    const request = {
      level,
      seat,
      hand: game.hand(seat).map((c) => R.CARD_CODES[c]),
      dealer: deal.dealer,
      trump_card: R.CARD_CODES[deal.trumpCard],
      plays: plays.map((c) => R.CARD_CODES[c]),
      cants: game.cants.map((c) => ({ after_trick: c.afterTrick, seat: c.seat, suit: R.SUIT_LETTERS[c.suit] })),
      seed: seed + plays.length,
    };
    const start = process.cpuUsage();
    let card;
    let search = null;
    if (level === 2) {
      search = new B.Search(request, settings);
      search.step();
      card = search.result().card;
    } else {
      card = B.choose(request).card;
    }
    const used = process.cpuUsage(start);
    stats.times[level].push((used.user + used.system) / 1000);
    if (search && regret(search, card, BLUNDER_POINTS) >= BLUNDER_SHARE) stats.blunders++;
    const c = R.parseCard(card);
    game.play(c);
    plays.push(c);
  }
  return game.outcome();
}

/** Play deal pairs [from, to) of a pairing: {wins, points, times, blunders} for level a. */
function playPairs(seed, a, b, from, to, settings) {
  const stats = { wins: 0, hands: 0, points: [0, 0], times: { 0: [], 1: [], 2: [] }, blunders: 0 };
  for (let i = from; i < to; i++) {
    const deal = dealOf(seed, i);
    for (const aTeam of [0, 1]) {
      const levels = aTeam === 0 ? [a, b] : [b, a];
      const outcome = playHand(deal, levels, seed * 7919 + i * 97 + aTeam * 53, stats, settings);
      stats.hands++;
      if (outcome.winner === aTeam) stats.wins++;
      stats.points[0] += outcome.points[aTeam];
      stats.points[1] += outcome.points[1 - aTeam];
    }
  }
  return stats;
}

function merge(parts) {
  const total = { wins: 0, hands: 0, points: [0, 0], times: { 0: [], 1: [], 2: [] }, blunders: 0 };
  for (const p of parts) {
    total.wins += p.wins;
    total.hands += p.hands;
    total.points[0] += p.points[0];
    total.points[1] += p.points[1];
    total.blunders += p.blunders;
    for (const level of [0, 1, 2]) for (const t of p.times[level]) total.times[level].push(t);
  }
  return total;
}

/** The 95% Wilson score interval of k successes in n trials. */
function wilson(k, n) {
  const z = 1.959964;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = ((z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n)));
  return [centre - half, centre + half];
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function report(a, b, pairs, s, seconds) {
  const [low, high] = wilson(s.wins, s.hands);
  const pct = (x) => (100 * x).toFixed(1);
  console.log(
    `${NAMES[a]} (level ${a}) vs ${NAMES[b]} (level ${b}): ${pairs} deal pairs, ${s.hands} hands, ` +
      `${seconds.toFixed(0)} s`,
  );
  console.log(
    `  hands won by ${NAMES[a]}: ${pct(s.wins / s.hands)}% [${pct(low)}, ${pct(high)}] (95% Wilson)`,
  );
  console.log(
    `  mean points per hand: ${NAMES[a]} ${(s.points[0] / s.hands).toFixed(1)}, ` +
      `${NAMES[b]} ${(s.points[1] / s.hands).toFixed(1)}`,
  );
  for (const level of new Set([a, b])) {
    const t = s.times[level].slice().sort((x, y) => x - y);
    console.log(
      `  move time, level ${level} (${t.length} moves, ms of processor time): ` +
        `p50 ${quantile(t, 0.5).toFixed(2)}, p95 ${quantile(t, 0.95).toFixed(2)}, ` +
        `p99 ${quantile(t, 0.99).toFixed(2)}, max ${t[t.length - 1].toFixed(2)}`,
    );
  }
  if (a === 2 || b === 2) {
    const per = s.blunders ? `one per ${(s.hands / s.blunders).toFixed(0)} hands` : "none";
    console.log(
      `  partner blunders (level 2 loses >= ${BLUNDER_POINTS} points in >= ${BLUNDER_SHARE * 100}% ` +
        `of its worlds): ${s.blunders} in ${s.hands} hands, ${per}`,
    );
  }
}

function runChild() {
  process.on("message", ({ seed, a, b, from, to, settings }) => {
    // Leave once the results are sent: a large message takes a while to go through the pipe.
    process.send(playPairs(seed, a, b, from, to, settings), () => process.disconnect());
  });
}

async function main() {
  const opts = options(process.argv.slice(2));
  const settings = {
    worlds: opts.worlds,
    exactWorlds: opts.exactWorlds,
    exactTricks: opts.exactTricks,
  };
  console.log(
    `Machine players, duplicate deals (seed ${opts.seed}, ${opts.jobs} processes); level 2 ` +
      `samples ${settings.worlds} worlds (${settings.exactWorlds} when exact, from ` +
      `${settings.exactTricks} tricks left)`,
  );
  for (const [a, b] of opts.pairings) {
    const started = Date.now();
    const chunk = Math.ceil(opts.pairs / opts.jobs);
    const parts = await Promise.all(
      Array.from({ length: opts.jobs }, (_, j) => {
        const from = j * chunk;
        const to = Math.min(opts.pairs, from + chunk);
        return new Promise((resolve, reject) => {
          const child = fork(__filename, ["--child"]);
          let result = null;
          child.on("message", (message) => {
            result = message;
          });
          child.on("error", reject);
          child.on("exit", (code) => {
            if (code === 0 && result) resolve(result);
            else reject(new Error(`a benchmark process exited with ${code} and no results`));
          });
          child.send({ seed: opts.seed, a, b, from, to, settings });
        });
      }),
    );
    report(a, b, opts.pairs, merge(parts), (Date.now() - started) / 1000);
  }
}

if (require.main === module && process.argv[2] === "--child") {
  runChild();
} else if (require.main === module) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 2;
  });
}

module.exports = { wilson, playPairs };
