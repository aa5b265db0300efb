// The house rules of tute per parelles in JavaScript: a twin of the Python engine (engine/),
// which stays the single source of truth. The differential tests (tests/engine_js/) prove that
// both decide the same: legal cards and refusal reasons, trick winners, cants, tute, points,
// outcomes, matches and the position code.
//
// One classic script, no DOM, no dependencies, plain values in and out: under Node it is a
// CommonJS module; in a page or a Web Worker (importScripts) it sets globalThis.TuteRules.
// It holds what a page that plays needs; the rest of the twin's API (checking a deal from
// outside, the rules on bare hands, reading a position's code, the card helpers the engine
// has) is code.js, which the command line and the tests load after it and pages do not ship.
//
// Cards are ints 0-39 as in the engine (suit * 10 + rank index; suits o c e b; ranks 1-7,
// 10, 11, 12); text codes such as "12b" only at the edges (parseCard, cardCode). Bitwise
// operators are 32-bit here, so a hand is four 10-bit masks, one per suit (bit = rank index).
// Game keeps its state in typed arrays and undoes plays from a preallocated stack, so that
// searches can call legalInto/playFast/undo millions of times without allocating.
"use strict";

(function (root, factory) {
  const api = factory();
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.TuteRules = api;
  }
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  // -- the deck --------------------------------------------------------------

  const SUIT_LETTERS = "oceb";
  const SUITS = Object.freeze([0, 1, 2, 3]);
  /** The number printed on each rank, by rank index. */
  const RANKS = Object.freeze([1, 2, 3, 4, 5, 6, 7, 10, 11, 12]);
  /** Strength within a suit, by rank index: as > 3 > rei > cavall > sota > 7 > ... > 2. */
  const STRENGTH = Object.freeze([9, 0, 8, 1, 2, 3, 4, 5, 6, 7]);
  /** Card points, by rank index: as 11, tres 10, rei 4, cavall 3, sota 2, the rest 0. */
  const POINTS = Object.freeze([11, 0, 10, 0, 0, 0, 0, 2, 3, 4]);
  const DECK_SIZE = 40;
  const HAND_SIZE = 10;
  const PLAYERS = 4;
  const TRICKS_PER_HAND = 10;
  const DECK_POINTS = POINTS.reduce((a, b) => a + b, 0) * SUITS.length;
  /** Les deu d'últimes: the last trick is worth 10 more. */
  const LAST_TRICK_BONUS = 10;
  /** Points in a hand before cants: the cards and les deu d'últimes. */
  const HAND_POINTS = DECK_POINTS + LAST_TRICK_BONUS;
  /** Les vint: the rei and cavall of a suit that is not trump. */
  const CANT_POINTS = 20;
  /** Les quaranta: the rei and cavall of trump. */
  const TRUMP_CANT_POINTS = 40;
  /** Jocs (hands won) needed to win the match. */
  const MATCH_TARGET = 4;

  const CAVALL = 8; // rank indices of the figures
  const REI = 9;
  const PAIR = (1 << REI) | (1 << CAVALL); // the rei and the cavall of a suit: the pair sung

  /** For each rank index, the 10-bit mask of the rank indices of its suit that beat it. */
  const BEATEN_BY = new Int32Array(10);
  for (let r = 0; r < 10; r++) {
    for (let o = 0; o < 10; o++) {
      if (STRENGTH[o] > STRENGTH[r]) BEATEN_BY[r] |= 1 << o;
    }
  }
  /** The points of the cards of one suit, by their 10 bits (the same in every suit). */
  const SUIT_POINTS = new Int32Array(1024);
  for (let bits = 1; bits < 1024; bits++) {
    const low = 31 - Math.clz32(bits & -bits);
    SUIT_POINTS[bits] = SUIT_POINTS[bits & (bits - 1)] + POINTS[low];
  }
  /** How many cards a 10-bit mask holds. */
  const BIT_COUNT = new Int8Array(1024);
  for (let bits = 1; bits < 1024; bits++) BIT_COUNT[bits] = BIT_COUNT[bits & (bits - 1)] + 1;

  /** Why a card may not be played: each names the rule that forbids it. */
  const REASONS = Object.freeze({
    NOT_IN_HAND: "not_in_hand",
    /** Assistir: you hold the suit led. */
    MUST_FOLLOW_SUIT: "must_follow_suit",
    /** Muntar: you hold a card of the suit led that beats the winning card. */
    MUST_BEAT: "must_beat",
    /** Fallar: no card of the suit led, a trump in hand, no trump in the trick. */
    MUST_TRUMP: "must_trump",
    /** Contrafallar: you hold a trump above the highest trump in the trick. */
    MUST_OVERTRUMP: "must_overtrump",
    HAND_OVER: "hand_over",
  });

  /**
   * The table's rules; the defaults are the house rules. mustBeat false is "sin montar";
   * tute may win the "hand" (house rule), the whole "match", or be "off"; matchTarget is the
   * number of jocs to win.
   */
  const HOUSE_RULES = Object.freeze({ mustBeat: true, tute: "hand", matchTarget: MATCH_TARGET });

  // -- errors: what and where, as the engine's ---------------------------------

  /** Base class of every error the twin throws on bad input or bad play. */
  class TuteError extends Error {
    constructor(message) {
      super(message);
      this.name = new.target.name;
    }
  }
  /** Text that is not a card code or a suit letter. */
  class InvalidCardError extends TuteError {}
  /** A deal or a position text that cannot be a position of tute per parelles. */
  class InvalidPositionError extends TuteError {}
  /** A hand dealt or recorded after a team has already won the match. */
  class MatchOverError extends TuteError {}
  /** A real card that the rules forbid here; .reason names the rule. */
  class IllegalPlayError extends TuteError {
    constructor(card, seat, reason, position) {
      const who = seat === null ? "nobody" : `seat ${seat}`;
      super(`${card} is not legal for ${who} (${reason}) in position ${repr(position)}`);
      this.card = card;
      this.seat = seat;
      this.reason = reason;
      this.position = position;
    }
  }

  /**
   * How the error messages quote a value: as JSON here; code.js, which the command line and
   * the tests load, makes it Python's repr, so that their messages are the engine's.
   */
  const quoting = { repr: (value) => JSON.stringify(value) };
  const repr = (value) => quoting.repr(value);

  // -- cards at the edges ------------------------------------------------------

  const CARD_CODES = Object.freeze(
    Array.from({ length: DECK_SIZE }, (_, c) => `${RANKS[c % 10]}${SUIT_LETTERS[(c / 10) | 0]}`),
  );
  const CARD_OF_CODE = new Map(CARD_CODES.map((code, card) => [code, card]));

  /** Read a card code such as "12b" (rei de bastos) or "1o" (as d'oros). */
  function parseCard(text) {
    const card = typeof text === "string" ? CARD_OF_CODE.get(text) : undefined;
    if (card !== undefined) return card;
    if (typeof text !== "string" || [...text].length < 2) {
      throw new InvalidCardError(`not a card code: ${repr(text)}`);
    }
    throw new InvalidCardError(
      `not a card code: ${repr(text)} (expected e.g. 1o, 7c, 10e, 12b)`,
    );
  }

  /** The text code of a card: rank number then suit letter. */
  function cardCode(card) {
    if (!isCard(card)) throw notACard(card);
    return CARD_CODES[card];
  }

  /** Read a suit letter: o oros, c copes, e espases, b bastos. */
  function parseSuit(letter) {
    if (typeof letter !== "string" || letter.length !== 1 || !SUIT_LETTERS.includes(letter)) {
      throw new InvalidCardError(`not a suit letter: ${repr(letter)} (expected one of o, c, e, b)`);
    }
    return SUIT_LETTERS.indexOf(letter);
  }

  function isCard(card) {
    return Number.isInteger(card) && card >= 0 && card < DECK_SIZE;
  }

  function notACard(value) {
    return new InvalidCardError(`not a card: ${repr(value)} (a card is an int 0-39)`);
  }

  /** The suit of a card. */
  function suitOf(card) {
    return (card / 10) | 0;
  }
  /** Four 10-bit suit masks (an Int32Array) holding these cards. */
  function handMasks(cards) {
    const masks = new Int32Array(4);
    for (const card of cards) {
      if (!isCard(card)) throw notACard(card);
      masks[(card / 10) | 0] |= 1 << card % 10;
    }
    return masks;
  }

  /** The cards of suit masks (masks[base] to masks[base + 3]) in deck order. */
  function cardsOf(masks, base = 0) {
    const cards = [];
    for (let s = 0; s < 4; s++) {
      for (let bits = masks[base + s]; bits; bits &= bits - 1) {
        cards.push(s * 10 + 31 - Math.clz32(bits & -bits));
      }
    }
    return cards;
  }

  // -- what may be played and who wins a trick ----------------------------------

  /** Whether card, played after best, takes the lead of the trick. */
  function beats(card, best, trump) {
    const suit = (card / 10) | 0;
    if (suit === ((best / 10) | 0)) return ((BEATEN_BY[best % 10] >> card % 10) & 1) === 1;
    return suit === trump;
  }

  /** The position in the trick of the card winning it so far. */
  function winningIndex(trick, trump) {
    let best = 0;
    for (let i = 1; i < trick.length; i++) {
      if (beats(trick[i], trick[best], trump)) best = i;
    }
    return best;
  }

  /** The card points of a trick (the last trick's bonus is not included). */
  function trickPoints(trick) {
    let total = 0;
    for (const card of trick) total += POINTS[card % 10];
    return total;
  }

  /** legalMask's answer when the whole hand may be played. */
  const ALL = -1;

  /**
   * The fast core of the rules: which cards of a hand (suit masks masks[base..base+3]) may be
   * played when suit led was led and card best is winning. Allocates nothing. The answer is
   * ALL (-1) when any card may be played, else (suit << 10) | mask: the legal cards are those
   * of mask in that one suit.
   */
  function legalMask(masks, base, led, best, trump, mustBeat) {
    const following = masks[base + led];
    const bestSuit = (best / 10) | 0;
    if (following) {
      // Assistir; muntar unless the trick is already trumped (a trump wins, trump not led).
      if (!mustBeat || (bestSuit === trump && led !== trump)) return (led << 10) | following;
      return (led << 10) | (following & BEATEN_BY[best % 10] || following);
    }
    const trumps = masks[base + trump];
    if (!trumps) return ALL; // neither the suit led nor trumps: any card
    if (bestSuit !== trump) return (trump << 10) | trumps; // fallar: any trump
    // Contrafallar: beat the highest trump if you can; if you can't, any card.
    const over = trumps & BEATEN_BY[best % 10];
    return over ? (trump << 10) | over : ALL;
  }

  /**
   * The rule that forbids card when led was led and best is winning (led -1 before the lead),
   * or null when it may be played.
   */
  function refusalGiven(card, masks, base, led, best, trump, mustBeat) {
    if (!isCard(card)) throw notACard(card);
    const suit = (card / 10) | 0;
    if (!((masks[base + suit] >> card % 10) & 1)) return REASONS.NOT_IN_HAND;
    if (led < 0) return null;
    const legal = legalMask(masks, base, led, best, trump, mustBeat);
    if (legal === ALL || (legal >> 10 === suit && (legal >> card % 10) & 1)) return null;
    if (masks[base + led]) {
      return suit !== led ? REASONS.MUST_FOLLOW_SUIT : REASONS.MUST_BEAT;
    }
    // Without the suit led, a trump is due: over a trump in the trick (which then wins it),
    // a higher one.
    return ((best / 10) | 0) === trump ? REASONS.MUST_OVERTRUMP : REASONS.MUST_TRUMP;
  }

  /** Write the cards of a legalMask answer for masks[base..] into out; return how many. */
  function legalCardsInto(legal, masks, base, out) {
    let n = 0;
    if (legal === ALL) {
      for (let s = 0; s < 4; s++) {
        for (let bits = masks[base + s]; bits; bits &= bits - 1) {
          out[n++] = s * 10 + 31 - Math.clz32(bits & -bits);
        }
      }
      return n;
    }
    const first = (legal >> 10) * 10;
    for (let bits = legal & 1023; bits; bits &= bits - 1) {
      out[n++] = first + 31 - Math.clz32(bits & -bits);
    }
    return n;
  }

  function checkTrick(trick) {
    for (const card of trick) {
      if (!isCard(card)) throw notACard(card);
    }
  }

  /** The cards of hand (card ints) that may be played on trick, in deck order. */
  function legalCards(hand, trick, trumpSuit, rules = HOUSE_RULES) {
    const masks = handMasks(hand);
    checkTrick(trick);
    if (!trick.length) return cardsOf(masks);
    const best = trick[winningIndex(trick, trumpSuit)];
    const legal = legalMask(masks, 0, suitOf(trick[0]), best, trumpSuit, rules.mustBeat);
    const out = [];
    legalCardsInto(legal, masks, 0, out);
    return out;
  }

  // -- cants and tute ---------------------------------------------------------

  /** The tute in suit masks masks[base..]: all four reis, or else all four cavalls; or null. */
  function tuteOf(masks, base) {
    const all = masks[base] & masks[base + 1] & masks[base + 2] & masks[base + 3];
    if (all & (1 << REI)) return "kings";
    if (all & (1 << CAVALL)) return "horses";
    return null;
  }

  /**
   * The one cant a player holding masks[base..] sings right after their team wins a trick, or
   * -1: bit s of sung is set when suit s was already sung (each suit once). The trump pair
   * (the 40) comes first, then 20s in suit order oros, copes, espases, bastos.
   */
  function cantOf(masks, base, trump, sung) {
    if (!((sung >> trump) & 1) && (masks[base + trump] & PAIR) === PAIR) return trump;
    for (let s = 0; s < 4; s++) {
      if (!((sung >> s) & 1) && (masks[base + s] & PAIR) === PAIR) return s;
    }
    return -1;
  }

  // -- deals -----------------------------------------------------------------

  /** A small seeded generator (mulberry32): a function returning floats in [0, 1). */
  function seededRandom(seed) {
    let state = seed >>> 0;
    return function next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /**
   * Shuffle with rng (a function returning floats in [0, 1)) and deal one card at a time from
   * seat dealer + 1; the dealer receives the 40th card, which is shown and sets trump.
   * Returns {dealer, trumpCard, hands}: each hand in deck order.
   */
  function randomDeal(rng, dealer) {
    checkSeat(dealer, "dealer");
    const deck = Array.from({ length: DECK_SIZE }, (_, c) => c);
    for (let i = DECK_SIZE - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const card = deck[i];
      deck[i] = deck[j];
      deck[j] = card;
    }
    const hands = [[], [], [], []];
    deck.forEach((card, i) => hands[(dealer + 1 + i) % PLAYERS].push(card));
    for (const hand of hands) hand.sort((a, b) => a - b);
    return { dealer, trumpCard: deck[DECK_SIZE - 1], hands };
  }

  function checkSeat(seat, what) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= PLAYERS) {
      throw new InvalidPositionError(`${what} must be a seat 0-3, not ${repr(seat)}`);
    }
  }

  // -- one hand ----------------------------------------------------------------

  const MAX_PLIES = DECK_SIZE; // a hand has at most 40 plays: the undo stack never grows

  /**
   * One hand (una mà) in progress, from the deal to its outcome. new Game(deal, rules) with
   * deal = {dealer, trumpCard, hands: four arrays of cards}, a deal as randomDeal makes it
   * (one from outside is checked first with checkDeal, in code.js); Game.fromCode(text)
   * (code.js) reads the engine's position code.
   *
   * The state is in typed arrays: hands[seat * 4 + suit] and won[team * 4 + suit] are 10-bit
   * masks (read them, never write them). play(card) checks; playFast(card) does not; undo()
   * takes back either.
   */
  class Game {
    constructor(deal, rules = HOUSE_RULES) {
      this._start(deal.dealer, deal.trumpCard, rules);
      deal.hands.forEach((hand, seat) => {
        for (const card of hand) this.hands[seat * 4 + ((card / 10) | 0)] |= 1 << card % 10;
      });
    }

    _start(dealer, trumpCard, rules) {
      this.rules = rules;
      this.mustBeat = rules.mustBeat;
      this.dealer = dealer;
      this.trumpCard = trumpCard;
      this.trump = (trumpCard / 10) | 0;
      this.hands = new Int32Array(16);
      this.won = new Int32Array(8);
      this.trickCards = new Int8Array(4);
      this.trickLength = 0;
      this.best = 0; // the card winning the trick in progress
      this.bestSeat = 0;
      this.leader = (dealer + 1) % PLAYERS;
      this.tricksPlayed = 0;
      this.sung = 0; // bit s: suit s was sung
      this.cantCount = 0;
      this.cantAfter = new Int8Array(4);
      this.cantSeat = new Int8Array(4);
      this.cantSuit = new Int8Array(4);
      this.tuteAfter = 0;
      this.tuteSeat = -1;
      this.tuteKind = null;
      // The tricks finished since the deal or since the position was read from its code.
      this.logCount = 0;
      this.logLeader = new Int8Array(TRICKS_PER_HAND);
      this.logWinner = new Int8Array(TRICKS_PER_HAND);
      this.logCards = new Int8Array(TRICKS_PER_HAND * 4);
      // The undo stack: per play, what the play changed that cannot be worked out again.
      this.plies = 0;
      this.undoBest = new Int8Array(MAX_PLIES);
      this.undoBestSeat = new Int8Array(MAX_PLIES);
      this.undoSung = new Int8Array(MAX_PLIES);
      this.undoCants = new Int8Array(MAX_PLIES);
      this.undoLogged = new Uint8Array(MAX_PLIES); // 1: the play finished a trick
    }

    // -- reading the position --

    /** Ten tricks are played, or a tute ended the hand. */
    get isOver() {
      return this.tricksPlayed === TRICKS_PER_HAND || this.tuteSeat >= 0;
    }

    /** The seat to play, or null once the hand is over. */
    get turn() {
      return this.isOver ? null : (this.leader + this.trickLength) & 3;
    }

    /** The cards of the trick in progress, in play order from leader. */
    get trick() {
      return Array.from(this.trickCards.subarray(0, this.trickLength));
    }

    /** The cards seat holds now, in deck order. */
    hand(seat) {
      return cardsOf(this.hands, seat * 4);
    }

    /** The tricks finished: {number, leader, cards, winner, points}. */
    get tricks() {
      const first = this.tricksPlayed - this.logCount + 1;
      const out = [];
      for (let i = 0; i < this.logCount; i++) {
        const cards = Array.from(this.logCards.subarray(i * 4, i * 4 + 4));
        out.push({
          number: first + i,
          leader: this.logLeader[i],
          cards,
          winner: this.logWinner[i],
          points: trickPoints(cards),
        });
      }
      return out;
    }

    /** The cants sung: {afterTrick, seat, suit, points}. */
    get cants() {
      const out = [];
      for (let i = 0; i < this.cantCount; i++) out.push(this._cant(i));
      return out;
    }

    _cant(i) {
      const suit = this.cantSuit[i];
      return {
        afterTrick: this.cantAfter[i],
        seat: this.cantSeat[i],
        suit,
        points: suit === this.trump ? TRUMP_CANT_POINTS : CANT_POINTS,
      };
    }

    /** The tute that ended the hand, {afterTrick, seat, kind}, or null. */
    get tute() {
      if (this.tuteSeat < 0) return null;
      return { afterTrick: this.tuteAfter, seat: this.tuteSeat, kind: this.tuteKind };
    }

    /** Each team's points so far: its cards, its cants and, at the end, the last trick. */
    get points() {
      const w = this.won;
      const totals = [
        SUIT_POINTS[w[0]] + SUIT_POINTS[w[1]] + SUIT_POINTS[w[2]] + SUIT_POINTS[w[3]],
        SUIT_POINTS[w[4]] + SUIT_POINTS[w[5]] + SUIT_POINTS[w[6]] + SUIT_POINTS[w[7]],
      ];
      for (let i = 0; i < this.cantCount; i++) {
        totals[this.cantSeat[i] & 1] +=
          this.cantSuit[i] === this.trump ? TRUMP_CANT_POINTS : CANT_POINTS;
      }
      if (this.tricksPlayed === TRICKS_PER_HAND) totals[this.leader & 1] += LAST_TRICK_BONUS;
      return totals;
    }

    /** The hand's result, {winner, points, reason} with reason points, last_trick or tute. */
    outcome() {
      if (!this.isOver) return null;
      const points = this.points;
      if (this.tuteSeat >= 0) return { winner: this.tuteSeat & 1, points, reason: "tute" };
      if (points[0] !== points[1]) {
        return { winner: points[0] > points[1] ? 0 : 1, points, reason: "points" };
      }
      return { winner: this.leader & 1, points, reason: "last_trick" };
    }

    /**
     * The fast legal set of the player to move: ALL (-1), or (suit << 10) | mask; 0 once the
     * hand is over. Allocates nothing.
     */
    legalMask() {
      if (this.isOver) return 0;
      const base = ((this.leader + this.trickLength) & 3) * 4;
      if (!this.trickLength) return ALL;
      const led = (this.trickCards[0] / 10) | 0;
      return legalMask(this.hands, base, led, this.best, this.trump, this.mustBeat);
    }

    /** Write the legal cards of the player to move into out (in deck order); return how many. */
    legalInto(out) {
      if (this.isOver) return 0;
      const base = ((this.leader + this.trickLength) & 3) * 4;
      return legalCardsInto(this.legalMask(), this.hands, base, out);
    }

    /** The cards the player to move may play, in deck order (none once the hand is over). */
    legalPlays() {
      const out = [];
      this.legalInto(out);
      return out;
    }

    /** The rule that forbids the player to move from playing card, or null. */
    refusal(card) {
      if (this.isOver) return REASONS.HAND_OVER;
      const base = ((this.leader + this.trickLength) & 3) * 4;
      const led = this.trickLength ? (this.trickCards[0] / 10) | 0 : -1;
      return refusalGiven(card, this.hands, base, led, this.best, this.trump, this.mustBeat);
    }

    // -- changing the position --

    /** Play card for the seat to move; throw IllegalPlayError (with .reason) if forbidden. */
    play(card) {
      const reason = this.refusal(card);
      if (reason !== null) {
        throw new IllegalPlayError(CARD_CODES[card], this.turn, reason, this.code());
      }
      this.playFast(card);
    }

    /** Play a card known to be legal for the seat to move, unchecked; undo() takes it back. */
    playFast(card) {
      const p = this.plies++;
      this.undoBest[p] = this.best;
      this.undoBestSeat[p] = this.bestSeat;
      this.undoLogged[p] = 0;
      const n = this.trickLength;
      const seat = (this.leader + n) & 3;
      this.hands[seat * 4 + ((card / 10) | 0)] &= ~(1 << card % 10);
      if (n === 0) {
        this.best = card;
        this.bestSeat = seat;
      } else {
        const best = this.best;
        const suit = (card / 10) | 0;
        const bestSuit = (best / 10) | 0;
        if (
          suit === bestSuit
            ? (BEATEN_BY[best % 10] >> card % 10) & 1
            : suit === this.trump
        ) {
          this.best = card;
          this.bestSeat = seat;
        }
      }
      this.trickCards[n] = card;
      this.trickLength = n + 1;
      if (n === 3) this._finishTrick(p);
    }

    _finishTrick(p) {
      const winner = this.bestSeat;
      const t = this.trickCards;
      const team = (winner & 1) * 4;
      for (let i = 0; i < 4; i++) this.won[team + ((t[i] / 10) | 0)] |= 1 << t[i] % 10;
      const log = this.logCount++;
      this.logLeader[log] = this.leader;
      this.logWinner[log] = winner;
      for (let i = 0; i < 4; i++) this.logCards[log * 4 + i] = t[i];
      this.undoLogged[p] = 1;
      this.undoSung[p] = this.sung;
      this.undoCants[p] = this.cantCount;
      const number = ++this.tricksPlayed;
      this.trickLength = 0;
      this.leader = winner;
      const hands = this.hands;
      if (this.rules.tute !== "off") {
        // Tute is checked before the cants: the trick's winner first, then the partner.
        for (let k = 0; k < 2; k++) {
          const seat = winner ^ (k * 2);
          const kind = tuteOf(hands, seat * 4);
          if (kind !== null) {
            this.tuteAfter = number;
            this.tuteSeat = seat;
            this.tuteKind = kind;
            return;
          }
        }
      }
      // No cant can follow the tenth trick: no cards are left, so none is found.
      for (let k = 0; k < 2; k++) {
        // One cant per player per trick: the 40 first, then 20s in suit order.
        const seat = winner ^ (k * 2);
        const suit = cantOf(hands, seat * 4, this.trump, this.sung);
        if (suit >= 0) {
          const i = this.cantCount++;
          this.cantAfter[i] = number;
          this.cantSeat[i] = seat;
          this.cantSuit[i] = suit;
          this.sung |= 1 << suit;
        }
      }
    }

    /** Take back the last card played. */
    undo() {
      if (!this.plies) throw new InvalidPositionError("nothing to undo");
      const p = --this.plies;
      if (this.undoLogged[p]) {
        const log = --this.logCount;
        const winner = this.logWinner[log];
        const team = (winner & 1) * 4;
        const cards = this.logCards;
        for (let i = log * 4; i < log * 4 + 4; i++) {
          this.won[team + ((cards[i] / 10) | 0)] &= ~(1 << cards[i] % 10);
        }
        for (let i = 0; i < 4; i++) this.trickCards[i] = cards[log * 4 + i];
        this.trickLength = 4;
        this.leader = this.logLeader[log];
        this.tricksPlayed--;
        this.sung = this.undoSung[p];
        this.cantCount = this.undoCants[p];
        this.tuteSeat = -1;
        this.tuteKind = null;
        this.tuteAfter = 0;
      }
      const n = --this.trickLength;
      const card = this.trickCards[n];
      const seat = (this.leader + n) & 3;
      this.hands[seat * 4 + ((card / 10) | 0)] |= 1 << card % 10;
      this.best = this.undoBest[p];
      this.bestSeat = this.undoBestSeat[p];
    }

    // -- the position as text: the engine's Game.code() --

    /**
     * The position as one line of text, exactly as the engine writes it; Game.fromCode
     * (code.js) reads it back. Fields: dealer, trump card, the four hands, leader of the current trick, the
     * trick's cards, the cards each team has won, then cants and tute as
     * <after trick>:<seat><suit letter> and <after trick>:<seat>K|H.
     */
    code() {
      const hands = [0, 1, 2, 3].map((s) => cardsText(cardsOf(this.hands, s * 4))).join("/");
      const won = [0, 1].map((t) => cardsText(cardsOf(this.won, t * 4))).join("/");
      const events = this.cants.map((c) => `${c.afterTrick}:${c.seat}${SUIT_LETTERS[c.suit]}`);
      if (this.tuteSeat >= 0) {
        events.push(`${this.tuteAfter}:${this.tuteSeat}${this.tuteKind === "kings" ? "K" : "H"}`);
      }
      return [
        String(this.dealer),
        CARD_CODES[this.trumpCard],
        hands,
        String(this.leader),
        cardsText(this.trick),
        won,
        events.join(",") || "-",
      ].join(" ");
    }
  }

  function cardsText(cards) {
    return cards.map((c) => CARD_CODES[c]).join(",") || "-";
  }

  // -- a match -----------------------------------------------------------------

  /**
   * A match: hands in sequence, the deal moving one seat each hand, the first team to
   * rules.matchTarget jocs wins. jocs per team, results (the outcomes), dealer (who deals next).
   */
  class Match {
    constructor({ rules = HOUSE_RULES, dealer = 0 } = {}) {
      checkSeat(dealer, "dealer");
      this.rules = rules;
      this.dealer = dealer;
      this.jocs = [0, 0];
      this.results = [];
    }

    /** The team that reached the target, or null while the match goes on. */
    get winner() {
      for (const team of [0, 1]) {
        if (this.jocs[team] >= this.rules.matchTarget) return team;
      }
      return null;
    }

    /** A team has won the match. */
    get isOver() {
      return this.winner !== null;
    }

    /** Count a finished hand: one joc to its winner (a tute may win the match), next dealer. */
    record(outcome) {
      if (this.isOver) throw new MatchOverError("the match is over");
      this.results.push(outcome);
      if (outcome.reason === "tute" && this.rules.tute === "match") {
        this.jocs[outcome.winner] = this.rules.matchTarget;
      } else {
        this.jocs[outcome.winner] += 1;
      }
      this.dealer = (this.dealer + 1) % PLAYERS;
    }
  }

  return Object.freeze({
    // the deck
    SUIT_LETTERS,
    SUITS,
    RANKS,
    STRENGTH,
    POINTS,
    CARD_CODES,
    DECK_SIZE,
    HAND_SIZE,
    PLAYERS,
    TRICKS_PER_HAND,
    DECK_POINTS,
    LAST_TRICK_BONUS,
    HAND_POINTS,
    CANT_POINTS,
    TRUMP_CANT_POINTS,
    MATCH_TARGET,
    CAVALL,
    REI,
    REASONS,
    HOUSE_RULES,
    // errors
    TuteError,
    InvalidCardError,
    InvalidPositionError,
    MatchOverError,
    IllegalPlayError,
    quoting,
    // cards
    parseCard,
    cardCode,
    parseSuit,
    suitOf,
    handMasks,
    cardsOf,
    BEATEN_BY,
    SUIT_POINTS,
    BIT_COUNT,
    // the rules on bare positions
    beats,
    winningIndex,
    trickPoints,
    legalCards,
    // the fast core
    ALL,
    legalMask,
    legalCardsInto,
    refusalGiven,
    tuteOf,
    cantOf,
    // deals, hands and matches
    seededRandom,
    randomDeal,
    Game,
    Match,
  });
});
