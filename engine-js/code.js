// The engine's text at the edges, for the command line and the tests: positions read back
// from their code (Game.fromCode) and values quoted as Python's repr, so that every message
// is the engine's. rules.js plays without it, which is why the play page does not ship it.
//
// One classic script like rules.js: under Node it is a CommonJS module that answers the rules
// with these added; elsewhere, loaded after rules.js, it adds them to globalThis.TuteRules.
"use strict";

(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./rules.js"));
  } else {
    root.TuteRules = factory(root.TuteRules);
  }
})(typeof globalThis !== "undefined" ? globalThis : this, function (R) {
  const { DECK_SIZE, HAND_SIZE, PLAYERS, SUIT_LETTERS, Game, InvalidCardError } = R;
  const { InvalidPositionError, beats, handMasks, parseCard } = R;

  /** A value quoted as the engine quotes it in its messages (Python's repr). */
  function repr(value) {
    if (typeof value === "string") return quote(value);
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "number") return floatRepr(value);
    if (typeof value === "bigint") return String(value);
    if (Array.isArray(value)) return `[${value.map(repr).join(", ")}]`;
    if (typeof value === "object" && typeof value.pyFloat === "number") {
      return floatRepr(value.pyFloat, true);
    }
    if (typeof value === "object") {
      return `{${Object.keys(value)
        .map((k) => `${quote(k)}: ${repr(value[k])}`)
        .join(", ")}}`;
    }
    return String(value);
  }

  /** What Python's str.isprintable() refuses: controls, formats, surrogates, private use,
   * unassigned, separators other than the space. */
  const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

  /** A string as Python's repr writes it: single quotes unless it holds one and no double. */
  function quote(text) {
    const q = text.includes("'") && !text.includes('"') ? '"' : "'";
    let out = q;
    for (const ch of text) {
      const code = ch.codePointAt(0);
      if (ch === q || ch === "\\") out += "\\" + ch;
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (ch === " " || !UNPRINTABLE.test(ch)) out += ch;
      else if (code < 0x100) out += "\\x" + code.toString(16).padStart(2, "0");
      else if (code < 0x10000) out += "\\u" + code.toString(16).padStart(4, "0");
      else out += "\\U" + code.toString(16).padStart(8, "0");
    }
    return out + q;
  }

  /** A number as Python writes an int, or (float true) a float: 1.0, 1e+16, 2.5e-05. */
  function floatRepr(x, float) {
    if (Number.isNaN(x)) return "nan";
    if (x === Infinity) return "inf";
    if (x === -Infinity) return "-inf";
    if (!float && Number.isInteger(x)) return String(x);
    if (Object.is(x, -0)) return "-0.0";
    const [digits, exp] = x.toExponential().split("e");
    const e = Number(exp);
    if (e < -4 || e >= 16) {
      const mantissa = digits.replace(/\.?0+$/, "") || digits;
      return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
    }
    const text = String(x);
    return text.includes(".") || text.includes("e") ? text : `${text}.0`;
  }

  function parseCards(text) {
    return text === "-" ? [] : text.split(",").map(parseCard);
  }

  function parseSeat(text, what) {
    if (!["0", "1", "2", "3"].includes(text)) {
      throw new InvalidPositionError(`${what} must be a seat 0-3, not ${repr(text)}`);
    }
    return Number(text);
  }

  function parsePosition(text, rules) {
    const t = repr(text);
    const trimmed = String(text).trim();
    const fields = trimmed ? trimmed.split(/\s+/) : [];
    if (fields.length !== 7) {
      throw new InvalidPositionError(`a position has 7 fields, not ${fields.length}: ${t}`);
    }
    const [dealerF, trumpF, handsF, leaderF, trickF, wonF, eventsF] = fields;
    const handLists = handsF.split("/").map(parseCards);
    const wonLists = wonF.split("/").map(parseCards);
    if (handLists.length !== PLAYERS || wonLists.length !== 2) {
      throw new InvalidPositionError(`expected 4 hands and 2 won piles in ${t}`);
    }
    const trick = parseCards(trickF);
    const lists = [...handLists, trick, ...wonLists];
    const listed = lists.reduce((n, cards) => n + cards.length, 0);
    // Forty cards listed that together make the whole deck: then none is listed twice.
    if (listed !== DECK_SIZE || new Set(lists.flat()).size !== DECK_SIZE) {
      throw new InvalidPositionError(`every one of the 40 cards must appear once in ${t}`);
    }
    const wonCount = wonLists[0].length + wonLists[1].length;
    const tricksDone = Math.floor(wonCount / PLAYERS);
    if (wonCount % PLAYERS || wonLists.some((w) => w.length % PLAYERS) || trick.length >= PLAYERS) {
      throw new InvalidPositionError(`won piles and trick do not make whole tricks in ${t}`);
    }
    const dealer = parseSeat(dealerF, "the dealer");
    const leader = parseSeat(leaderF, "the leader");
    if (tricksDone === 0 && leader !== (dealer + 1) % PLAYERS) {
      throw new InvalidPositionError(`the first trick is led by seat ${(dealer + 1) % PLAYERS}`);
    }
    for (let i = 0; i < PLAYERS; i++) {
      const seat = (leader + i) % PLAYERS;
      const expected = HAND_SIZE - tricksDone - (i < trick.length ? 1 : 0);
      if (handLists[seat].length !== expected) {
        throw new InvalidPositionError(`seat ${seat} should hold ${expected} cards in ${t}`);
      }
    }
    const game = Object.create(Game.prototype);
    game._start(dealer, parseCard(trumpF), rules);
    handLists.forEach((cards, seat) => game.hands.set(handMasks(cards), seat * 4));
    wonLists.forEach((cards, team) => game.won.set(handMasks(cards), team * 4));
    game.leader = leader;
    game.tricksPlayed = tricksDone;
    trick.forEach((card, i) => {
      game.trickCards[i] = card;
      if (i === 0 || beats(card, game.best, game.trump)) {
        game.best = card;
        game.bestSeat = (leader + i) % PLAYERS;
      }
    });
    game.trickLength = trick.length;
    parseEvents(game, eventsF, t);
    if (game.isOver && trick.length) {
      throw new InvalidPositionError(`the hand is over but a trick is on the table in ${t}`);
    }
    return game;
  }

  function parseEvents(game, text, position) {
    if (text === "-") return;
    for (const item of text.split(",")) {
      const colon = item.indexOf(":");
      const number = colon < 0 ? item : item.slice(0, colon);
      const what = colon < 0 ? "" : item.slice(colon + 1);
      if (
        !/^[0-9]+$/.test(number) ||
        !(Number(number) >= 1 && Number(number) <= game.tricksPlayed) ||
        [...what].length !== 2
      ) {
        throw new InvalidPositionError(`bad cant or tute ${repr(item)} in ${position}`);
      }
      const [seatText, kind] = [...what];
      const seat = parseSeat(seatText, "a singer");
      if (game.tuteSeat >= 0) {
        throw new InvalidPositionError(`nothing follows a tute in ${position}`);
      }
      if (kind === "K" || kind === "H") {
        game.tuteAfter = Number(number);
        game.tuteSeat = seat;
        game.tuteKind = kind === "K" ? "kings" : "horses";
        continue;
      }
      const suit = SUIT_LETTERS.indexOf(kind);
      if (suit < 0 || (game.sung >> suit) & 1) {
        throw new InvalidPositionError(`bad or repeated cant ${repr(item)} in ${position}`);
      }
      const i = game.cantCount++;
      game.cantAfter[i] = Number(number);
      game.cantSeat[i] = seat;
      game.cantSuit[i] = suit;
      game.sung |= 1 << suit;
    }
  }

  /** Read a position written by Game.code(); throw InvalidPositionError if impossible. */
  Game.fromCode = function fromCode(text, rules = R.HOUSE_RULES) {
    try {
      return parsePosition(text, rules);
    } catch (error) {
      if (error instanceof InvalidCardError) {
        throw new InvalidPositionError(`${error.message} in position ${repr(text)}`);
      }
      throw error;
    }
  };
  R.quoting.repr = repr;

  return Object.freeze({ ...R, repr });
});
