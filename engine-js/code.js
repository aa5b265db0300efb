// What only the command line and the tests need of the twin: positions read back from their
// code (Game.fromCode), values quoted as Python's repr, so that every message is the engine's,
// and the rest of the engine's API that a page playing a hand never calls (checkDeal, the
// rules on bare hands, the card helpers, Game's copy, wonCards, sungSuits, winningSeat and
// sungIfWon, Match's deal).
// rules.js plays without it, which is why the play page does not ship it.
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
  const { InvalidPositionError, beats, handMasks, parseCard, CARD_CODES, RANKS, POINTS } = R;
  const { STRENGTH, SUITS, HOUSE_RULES, TRUMP_CANT_POINTS, CANT_POINTS } = R;
  const { cantOf, tuteOf, winningIndex, suitOf, refusalGiven, cardsOf } = R;

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

  // -- the rest of the engine's API, which pages that play do not need ------------------

  /** Points of a card by its rank number (CARD_POINTS[1] === 11). */
  const CARD_POINTS = Object.freeze(Object.fromEntries(RANKS.map((n, i) => [n, POINTS[i]])));
  /** Rank numbers from strongest to weakest: 1, 3, 12, 11, 10, 7, 6, 5, 4, 2. */
  const STRENGTH_ORDER = Object.freeze(
    RANKS.slice().sort((a, b) => STRENGTH[RANKS.indexOf(b)] - STRENGTH[RANKS.indexOf(a)]),
  );

  /** The rank number printed on a card (1 to 7, 10, 11, 12). */
  function rankOf(card) {
    return RANKS[card % 10];
  }
  /** The card of a rank number and a suit. */
  function makeCard(rank, suit) {
    return suit * 10 + RANKS.indexOf(rank);
  }
  /** The card's points: as 11, tres 10, rei 4, cavall 3, sota 2, the rest 0. */
  function pointsOf(card) {
    return POINTS[card % 10];
  }
  /** The card's strength within its suit, 0 (the 2) to 9 (the as). */
  function strengthOf(card) {
    return STRENGTH[card % 10];
  }
  /** Seats 0 and 2 are team 0; seats 1 and 3 are team 1. */
  function teamOf(seat) {
    return seat & 1;
  }
  /** Partners sit opposite. */
  function partnerOf(seat) {
    return seat ^ 2;
  }

  /**
   * Who wins the trick so far: its place in the trick (0 = the lead), or with leader given,
   * its seat.
   */
  function trickWinner(trick, trumpSuit, leader = 0) {
    return (leader + winningIndex(trick, trumpSuit)) % PLAYERS;
  }

  /** Whether a trump wins a trick led in another suit (then muntar asks only to follow). */
  function isTrumped(trick, trump) {
    if (!trick.length || suitOf(trick[0]) === trump) return false;
    return suitOf(trick[winningIndex(trick, trump)]) === trump;
  }

  /** Why card may not be played from hand on trick: a reason code, or null when it may. */
  function refusalReason(card, hand, trick, trumpSuit, rules = HOUSE_RULES) {
    const masks = handMasks(hand);
    handMasks(trick); // every card of the trick is a card
    if (!trick.length) return refusalGiven(card, masks, 0, -1, 0, trumpSuit, rules.mustBeat);
    const best = trick[winningIndex(trick, trumpSuit)];
    return refusalGiven(card, masks, 0, suitOf(trick[0]), best, trumpSuit, rules.mustBeat);
  }

  /** The tute a hand (card ints) holds: "kings", "horses" or null. */
  function tuteIn(hand) {
    return tuteOf(handMasks(hand), 0);
  }

  /** The suit a hand (card ints) sings after its team wins a trick, or null (see cantOf). */
  function cantToSing(hand, trump, sung) {
    const suit = cantOf(handMasks(hand), 0, trump, sung);
    return suit < 0 ? null : suit;
  }

  /** Check a deal as the engine's Deal does; throw InvalidPositionError saying what is wrong. */
  function checkDeal(deal) {
    const { dealer, trumpCard, hands } = deal;
    if (!Number.isInteger(dealer) || dealer < 0 || dealer >= PLAYERS) {
      throw new InvalidPositionError(`dealer must be a seat 0-3, not ${repr(dealer)}`);
    }
    if (!Array.isArray(hands) || hands.length !== PLAYERS) {
      const n = Array.isArray(hands) ? hands.length : repr(hands);
      throw new InvalidPositionError(`a deal has 4 hands, not ${n}`);
    }
    const every = hands.flat();
    const bad = [...every, trumpCard].find((c) => !(Number.isInteger(c) && c >= 0 && c < DECK_SIZE));
    if (bad !== undefined) {
      throw new InvalidPositionError(`not a card: ${repr(bad)} (a card is an int 0-39)`);
    }
    const seen = new Map();
    hands.forEach((hand, seat) => {
      if (hand.length !== HAND_SIZE) {
        throw new InvalidPositionError(
          `seat ${seat} holds ${hand.length} cards; every hand holds ${HAND_SIZE}`,
        );
      }
      for (const card of hand) {
        if (seen.has(card)) {
          const where = seen.get(card) === seat ? "twice" : `also in seat ${seen.get(card)}'s hand`;
          throw new InvalidPositionError(`${CARD_CODES[card]} is in seat ${seat}'s hand ${where}`);
        }
        seen.set(card, seat);
      }
    });
    if (!hands[dealer].includes(trumpCard)) {
      throw new InvalidPositionError(
        `the trump card ${CARD_CODES[trumpCard]} is not in the dealer's (seat ${dealer}) hand`,
      );
    }
  }

  /** The hand as dealt, before the first card: the deal checked first. */
  Game.fromDeal = function fromDeal(deal, rules = HOUSE_RULES) {
    checkDeal(deal);
    return new Game(deal, rules);
  };

  Object.assign(Game.prototype, {
    /** An independent copy, history and undo included. */
    copy() {
      const other = Object.create(Game.prototype);
      for (const key of Object.keys(this)) {
        const value = this[key];
        other[key] = ArrayBuffer.isView(value) ? value.slice() : value;
      }
      return other;
    },

    /** The cards a team has taken in its tricks, in deck order. */
    wonCards(team) {
      return cardsOf(this.won, team * 4);
    },

    /**
     * What seat's team would sing if seat won a trick now, with the cards held now: a tute
     * {afterTrick, seat, kind}, which ends the hand, or an array of at most one cant for seat
     * and one for the partner.
     */
    sungIfWon(seat) {
      const number = this.tricksPlayed + 1;
      if (this.rules.tute !== "off") {
        for (const s of [seat, seat ^ 2]) {
          const kind = tuteOf(this.hands, s * 4);
          if (kind !== null) return { afterTrick: number, seat: s, kind };
        }
      }
      const cants = [];
      let sung = this.sung;
      for (const s of [seat, seat ^ 2]) {
        const suit = cantOf(this.hands, s * 4, this.trump, sung);
        if (suit >= 0) {
          sung |= 1 << suit;
          const points = suit === this.trump ? TRUMP_CANT_POINTS : CANT_POINTS;
          cants.push({ afterTrick: number, seat: s, suit, points });
        }
      }
      return cants;
    },
  });

  /** Deal a match's next hand, by the current dealer, with rng (see randomDeal). */
  R.Match.prototype.deal = function deal(rng) {
    if (this.isOver) throw new R.MatchOverError("the match is over");
    return new Game(R.randomDeal(rng, this.dealer), this.rules);
  };

  Object.defineProperties(Game.prototype, {
    /** The suits already sung this hand. */
    sungSuits: {
      get() {
        return SUITS.filter((s) => (this.sung >> s) & 1);
      },
    },
    /** The seat whose card is winning the trick in progress (null before its lead). */
    winningSeat: {
      get() {
        return this.trickLength ? this.bestSeat : null;
      },
    },
  });

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

  return Object.freeze({
    ...R,
    repr,
    RANK_NUMBERS: RANKS,
    CARD_POINTS,
    STRENGTH_ORDER,
    rankOf,
    makeCard,
    pointsOf,
    strengthOf,
    teamOf,
    partnerOf,
    trickWinner,
    isTrumped,
    refusalReason,
    tuteIn,
    cantToSing,
    checkDeal,
  });
});
