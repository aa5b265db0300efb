// The JavaScript twin's speed on one core: random hands played through the checked door, and
// the fast path that searches use (legalInto, playFast, undo) counting play sequences.
//
// Usage: node benchmarks/engine-js.js [seconds]. Time is the process's processor time, not the
// wall clock, so other work on a shared machine does not count.
"use strict";

const path = require("path");
const R = require(path.join(__dirname, "..", "engine-js", "rules.js"));

const seconds = Number(process.argv[2] || 3);

function cpu() {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
}

/** Random hands to their end with play() (each card checked), for half the time. */
function hands(budget) {
  const rng = R.seededRandom(1);
  const buffer = new Int8Array(R.HAND_SIZE);
  const start = cpu();
  let count = 0;
  while (cpu() - start < budget) {
    for (let i = 0; i < 500; i++, count++) {
      const game = new R.Game(R.randomDeal(rng, count % 4));
      while (!game.isOver) game.play(buffer[Math.floor(rng() * game.legalInto(buffer))]);
    }
  }
  return [count, cpu() - start];
}

/** Legal play sequences two tricks deep from seeded deals: plays and undos, no allocation. */
function perft(budget) {
  const buffers = Array.from({ length: 8 }, () => new Int8Array(R.HAND_SIZE));
  let plays = 0;
  const walk = (game, depth) => {
    const n = game.legalInto(buffers[depth]);
    if (depth === 7) return;
    for (let i = 0; i < n; i++) {
      game.playFast(buffers[depth][i]);
      plays++;
      if (!game.isOver) walk(game, depth + 1);
      game.undo();
    }
  };
  const start = cpu();
  for (let seed = 0; cpu() - start < budget; seed++) {
    walk(new R.Game(R.randomDeal(R.seededRandom(seed), seed % 4)), 0);
  }
  return [plays, cpu() - start];
}

const [count, handTime] = hands(seconds / 2);
const [plays, perftTime] = perft(seconds / 2);
console.log(`engine-js: ${Math.round(count / handTime)} random hands/s (checked play)`);
console.log(`engine-js: ${(plays / perftTime / 1e6).toFixed(1)} million playFast+undo/s (perft)`);
