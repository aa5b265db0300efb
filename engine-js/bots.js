// Machine players for tute per parelles: a function from what one seat may know to a card and
// a reason the coach can say. Every rule (legal cards, trick winners, cants, tute, points)
// comes from the JavaScript twin (rules.js); this file only chooses among the cards it allows.
//
// Levels: 0 plays a random legal card (the benchmark's floor); 1 follows the duties with sense
// (rule-based); 2 samples the hidden hands consistent with everything its seat has seen and
// searches each: level-1 playouts while more than EXACT_TRICKS tricks remain, then an exact
// alpha-beta to the end of the hand. A bot reads only its own hand and what the table showed.
//
// One classic script, no DOM, no dependencies: under Node it is a CommonJS module; in a page or
// a Web Worker (after rules.js) it sets globalThis.TuteBots.
"use strict";

(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./rules.js"));
  } else {
    root.TuteBots = factory(root.TuteRules);
  }
})(typeof globalThis !== "undefined" ? globalThis : this, function (R) {
  const { BEATEN_BY, BIT_COUNT, POINTS, STRENGTH } = R;
  const PAIR = (1 << R.REI) | (1 << R.CAVALL);
  /** The bots play the house rules (muntar on). */
  const MUST_BEAT = R.HOUSE_RULES.mustBeat;

  /**
   * The reasons a bot gives for its card: a closed set (docs/formats.md says what the coach
   * means by each; the page says it in the learner's words).
   */
  const WHY = Object.freeze([
    // the rules allow no other card
    "only_legal",
    // a random legal card (level 0)
    "random",
    // the partner is winning the trick for sure: load it with points
    "partner_winning_give_points",
    // take the trick: it is worth it and the card should hold
    "win_trick",
    // take the trick so that a rei and cavall (or a tute) in hand can be sung
    "win_to_sing",
    // the trick cannot be won, or is not worth winning: give the least valuable card
    "cheap_discard",
    // a cheap card, chosen so that a rei and cavall stay together for the cant
    "keep_cant_pair",
    // lead a trump to pull the opponents' trumps while strong in them
    "draw_trumps",
    // lead the highest card left in its suit, which should take the trick
    "lead_winner",
    // lead a cheap card, keeping the strong ones for later
    "lead_low",
  ]);

  /**
   * A request that cannot be answered: .code says what is wrong, .values where (the field, the
   * card, the seat). The command line says it in words (bot-cli.js, MESSAGES); a page builds
   * its requests itself and never shows these, so this file, which it ships, holds only the
   * codes: its message is the code and the values as JSON.
   */
  class BotError extends Error {
    constructor(code, values = {}) {
      super(`${code} ${JSON.stringify(values)}`);
      this.name = "BotError";
      this.code = code;
      this.values = values;
    }
  }

  /** Tricks left at and below which level 2 searches exactly instead of playing out. */
  const EXACT_TRICKS = 5;
  /** Hidden hands level 2 samples per move, by default: while playing out and when exact. */
  const WORLDS = 48;
  const EXACT_WORLDS = 20;
  /** Worth of winning the hand, on top of the point margin, in the searching bot's aim. */
  const WIN_BONUS = 30;

  // -- reading a request -------------------------------------------------------------------

  function field(request, name, check, what) {
    if (!(name in request)) throw new BotError("missing", { name });
    const value = request[name];
    if (!check(value)) throw new BotError("must_be", { name, what });
    return value;
  }

  const isSeat = (v) => Number.isInteger(v) && v >= 0 && v < 4;

  function card(value, where) {
    if (typeof value !== "string") {
      throw new BotError("not_a_code", { where, value });
    }
    try {
      return R.parseCard(value);
    } catch (error) {
      throw new BotError("bad_card", { where, error: error.message });
    }
  }

  function cardList(request, name) {
    const values = field(request, name, Array.isArray, "cards");
    const cards = values.map((v, i) => card(v, `${name}[${i}]`));
    const seen = new Set();
    cards.forEach((c, i) => {
      if (seen.has(c)) throw new BotError("twice", { name, i, card: R.CARD_CODES[c] });
      seen.add(c);
    });
    return cards;
  }

  /** The optional cants sung so far (public): [{after_trick, seat, suit}], as replay has them. */
  function cantList(request) {
    if (request.cants === undefined || request.cants === null) return null;
    if (!Array.isArray(request.cants)) throw new BotError("cants");
    return request.cants.map((c, i) => {
      if (typeof c !== "object" || c === null) throw new BotError("cant", { i });
      if (!Number.isInteger(c.after_trick) || c.after_trick < 1 || c.after_trick > 9) {
        throw new BotError("cant_trick", { i });
      }
      if (!isSeat(c.seat)) throw new BotError("cant_seat", { i });
      let suit;
      try {
        suit = R.parseSuit(c.suit);
      } catch (error) {
        throw new BotError("cant_suit", { i, error: error.message });
      }
      return { afterTrick: c.after_trick, seat: c.seat, suit };
    });
  }

  /**
   * What the seat of a request knows: its hand, the public history, and for every other seat
   * the cards it must hold (the dealer's trump card, cants) and those it cannot hold (shown by
   * a card it played: a void, or no card that beats). Throws BotError on an impossible request.
   */
  function knowledge(request) {
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      throw new BotError("object");
    }
    const seat = field(request, "seat", isSeat, "seat");
    const dealer = field(request, "dealer", isSeat, "seat");
    const trumpCard = card(field(request, "trump_card", () => true, "card"), "trump_card");
    const hand = cardList(request, "hand");
    const plays = cardList(request, "plays");
    const seed = request.seed === undefined ? 0 : request.seed;
    if (!Number.isInteger(seed)) throw new BotError("seed");
    const cants = cantList(request);
    const trump = R.suitOf(trumpCard);
    if (plays.length >= R.DECK_SIZE) {
      throw new BotError("hand_over");
    }

    const handMask = R.handMasks(hand);
    plays.forEach((c, i) => {
      if ((handMask[R.suitOf(c)] >> c % 10) & 1) {
        throw new BotError("played_and_held", { i, card: R.CARD_CODES[c] });
      }
    });
    // Who played each card, trick by trick; the seat's own plays checked against its hand then.
    const seatOf = seatsOf(plays, dealer, trump);
    const tricks = [];
    const forbidden = new Int32Array(16); // seat * 4 + suit: cards a seat has shown it lacks
    const gone = new Int32Array(4);
    const probe = new Int32Array(4);
    const later = R.handMasks(hand); // the seat's hand before each of its plays
    for (let i = plays.length - 1; i >= 0; i--) {
      if (seatOf[i] === seat) later[R.suitOf(plays[i])] |= 1 << plays[i] % 10;
    }
    let leader = (dealer + 1) % 4;
    let trick = [];
    for (let i = 0; i < plays.length; i++) {
      const c = plays[i];
      const p = seatOf[i];
      const name = R.CARD_CODES[c];
      if ((forbidden[p * 4 + R.suitOf(c)] >> c % 10) & 1) {
        throw new BotError("shown_lacking", { i, seat: p, card: name });
      }
      if (c === trumpCard && p !== dealer) {
        throw new BotError("dealers_card", { i, card: name, dealer, seat: p });
      }
      if (trick.length) {
        const led = R.suitOf(trick[0]);
        const best = trick[R.winningIndex(trick, trump)];
        if (p === seat) {
          const reason = R.refusalGiven(c, later, 0, led, best, trump, MUST_BEAT);
          if (reason !== null) {
            throw new BotError("illegal", { i, seat: p, card: name, reason });
          }
        }
        // Every card the player did not hold then, or the card played would have been illegal.
        for (let x = 0; x < R.DECK_SIZE; x++) {
          if (x === c || (gone[R.suitOf(x)] >> x % 10) & 1) continue;
          probe.fill(0);
          probe[R.suitOf(c)] |= 1 << c % 10;
          probe[R.suitOf(x)] |= 1 << x % 10;
          if (R.refusalGiven(c, probe, 0, led, best, trump, MUST_BEAT) !== null) {
            if (x === trumpCard && p === dealer) {
              throw new BotError("dealer_must_follow", { i, trump: R.CARD_CODES[x], card: name });
            }
            forbidden[p * 4 + R.suitOf(x)] |= 1 << x % 10;
          }
        }
      }
      if (p === seat) later[R.suitOf(c)] &= ~(1 << c % 10);
      gone[R.suitOf(c)] |= 1 << c % 10;
      trick.push(c);
      if (trick.length === 4) {
        const winner = (leader + R.winningIndex(trick, trump)) & 3;
        tricks.push({ leader, cards: trick, winner });
        leader = winner;
        trick = [];
      }
    }
    const turn = (leader + trick.length) & 3;
    if (turn !== seat) {
      throw new BotError("turn", { turn, seat });
    }
    const held = [0, 1, 2, 3].map((p) => R.HAND_SIZE - seatOf.filter((s) => s === p).length);
    if (hand.length !== held[seat]) {
      throw new BotError("hand_size", { seat, held: held[seat], count: hand.length });
    }
    const fixed = new Int32Array(16); // seat * 4 + suit: cards a seat is known to hold
    const inHand = (c) => (handMask[R.suitOf(c)] >> c % 10) & 1;
    const isGone = (c) => (gone[R.suitOf(c)] >> c % 10) & 1;
    if (!isGone(trumpCard)) {
      if (seat === dealer && !inHand(trumpCard)) {
        throw new BotError("dealer_lacks_trump", { card: R.CARD_CODES[trumpCard] });
      }
      if (seat !== dealer && inHand(trumpCard)) {
        throw new BotError("holds_dealers_card", { card: R.CARD_CODES[trumpCard], dealer });
      }
      fixed[dealer * 4 + trump] |= 1 << trumpCard % 10;
    }
    for (const [i, c] of (cants || []).entries()) {
      const t = tricks[c.afterTrick - 1];
      if (!t || (t.winner & 1) !== (c.seat & 1)) {
        throw new BotError("cant_not_won", { i, seat: c.seat, trick: c.afterTrick });
      }
      for (const rank of [R.REI, R.CAVALL]) {
        const x = c.suit * 10 + rank;
        const at = plays.indexOf(x);
        const ended = c.afterTrick * 4;
        if (at >= 0 && (seatOf[at] !== c.seat || at < ended)) {
          throw new BotError("cant_not_held", { i, seat: c.seat, card: R.CARD_CODES[x], trick: c.afterTrick });
        }
        if (at < 0 && (c.seat === seat) !== Boolean(inHand(x))) {
          throw new BotError("cant_without", { i, seat: c.seat, card: R.CARD_CODES[x] });
        }
        if (at < 0 && c.seat !== seat) fixed[c.seat * 4 + c.suit] |= 1 << rank;
      }
    }
    for (let p = 0; p < 4; p++) {
      for (let s = 0; s < 4; s++) {
        if (fixed[p * 4 + s] & forbidden[p * 4 + s]) {
          throw new BotError("lacks_known_card", { seat: p });
        }
      }
    }
    return {
      seat,
      dealer,
      trumpCard,
      trump,
      hand,
      handMask,
      plays,
      seatOf,
      seed,
      cants,
      held,
      fixed,
      forbidden,
      gone,
      trick,
      tricksDone: tricks.length,
    };
  }

  /** The seat that played each card of plays, replaying who won each trick. */
  function seatsOf(plays, dealer, trump) {
    const seats = [];
    let leader = (dealer + 1) % 4;
    for (let k = 0; k < plays.length; k += 4) {
      const trick = plays.slice(k, k + 4);
      trick.forEach((_, j) => seats.push((leader + j) & 3));
      if (trick.length === 4) leader = (leader + R.winningIndex(trick, trump)) & 3;
    }
    return seats;
  }

  // -- hidden hands consistent with what the seat saw ---------------------------------------

  /**
   * Deal the cards the seat cannot see among the three other seats: each seat gets as many as
   * it holds, its known cards, none it has shown it lacks. Cards are placed one at a time at
   * random, each only where the rest can still be placed (Hall's condition over the seven sets
   * of seats), so a consistent history never dead-ends. Returns Int32Array(16) hands or null.
   */
  function sampleHands(k, rng) {
    const others = [0, 1, 2, 3].filter((p) => p !== k.seat);
    const hands = new Int32Array(16);
    hands.set(k.handMask, k.seat * 4);
    const cap = [0, 0, 0];
    const free = [];
    const kind = [];
    const count = new Int32Array(8); // cards by the set of seats (bit j: others[j]) they may go to
    for (let j = 0; j < 3; j++) {
      const p = others[j];
      let fixedCount = 0;
      for (let s = 0; s < 4; s++) {
        hands[p * 4 + s] = k.fixed[p * 4 + s];
        fixedCount += BIT_COUNT[k.fixed[p * 4 + s]];
      }
      cap[j] = k.held[p] - fixedCount;
      if (cap[j] < 0) return null;
    }
    for (let c = 0; c < R.DECK_SIZE; c++) {
      const s = (c / 10) | 0;
      const bit = 1 << c % 10;
      if ((k.gone[s] | k.handMask[s]) & bit) continue;
      if (others.some((p) => k.fixed[p * 4 + s] & bit)) continue;
      let allowed = 0;
      for (let j = 0; j < 3; j++) if (!(k.forbidden[others[j] * 4 + s] & bit)) allowed |= 1 << j;
      if (!allowed) return null;
      free.push(c);
      kind.push(allowed);
      count[allowed]++;
    }
    if (!feasible(count, cap)) return null;
    // A random order (Fisher-Yates), then each card to a seat that keeps the rest feasible.
    const order = free.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const c = free[i];
      const allowed = kind[i];
      count[allowed]--;
      const options = [];
      let total = 0;
      for (let j = 0; j < 3; j++) {
        if (!((allowed >> j) & 1) || !cap[j]) continue;
        cap[j]--;
        if (feasible(count, cap)) {
          options.push(j);
          total += cap[j] + 1;
        }
        cap[j]++;
      }
      if (!options.length) return null;
      let pick = rng() * total;
      let j = options[0];
      for (const o of options) {
        pick -= cap[o];
        j = o;
        if (pick < 0) break;
      }
      cap[j]--;
      hands[others[j] * 4 + ((c / 10) | 0)] |= 1 << c % 10;
    }
    return hands;
  }

  /** Whether cards counted by their allowed seat sets fit the capacities (Hall's condition). */
  function feasible(count, cap) {
    for (let set = 1; set < 8; set++) {
      let need = 0;
      for (let t = 1; t < 8; t++) if ((t & set) === t) need += count[t];
      let room = 0;
      for (let j = 0; j < 3; j++) if ((set >> j) & 1) room += cap[j];
      if (need > room) return false;
    }
    return true;
  }

  /**
   * The twin's game for sampled current hands: the hands as dealt (current ones plus the cards
   * each seat played), the history replayed. null when that world contradicts what the table
   * showed: a tute would have ended the hand, or the cants sung differ from those given.
   */
  function replayWorld(k, hands) {
    const dealt = [0, 1, 2, 3].map((p) => R.cardsOf(hands, p * 4));
    k.plays.forEach((c, i) => dealt[k.seatOf[i]].push(c));
    const game = new R.Game({ dealer: k.dealer, trumpCard: k.trumpCard, hands: dealt });
    for (const c of k.plays) {
      if (game.isOver) return null;
      game.playFast(c);
    }
    if (game.isOver) return null;
    if (k.cants) {
      if (game.cantCount !== k.cants.length) return null;
      for (let i = 0; i < game.cantCount; i++) {
        const want = k.cants[i];
        if (
          game.cantAfter[i] !== want.afterTrick ||
          game.cantSeat[i] !== want.seat ||
          game.cantSuit[i] !== want.suit
        ) {
          return null;
        }
      }
    }
    return game;
  }

  /** Sampled hands tried per move before giving up: a world the cants rule out is tried again. */
  const MAX_TRIES = 600;

  /** Up to n worlds (twin games at the seat's turn), sampled with rng; BotError if none can be. */
  function sampleWorlds(k, n, rng) {
    const worlds = [];
    for (let tries = 0; worlds.length < n && tries < MAX_TRIES; tries++) {
      const hands = sampleHands(k, rng);
      if (hands === null) break;
      const game = replayWorld(k, hands);
      if (game !== null) worlds.push(game);
    }
    if (!worlds.length) {
      throw new BotError("no_worlds");
    }
    return worlds;
  }

  // -- level 1: the duties with sense ----------------------------------------------------

  const LEGAL = new Int8Array(10);
  const OUTSIDE = new Int32Array(4);

  /**
   * The facts level 1 reads from a twin game for a seat: only the seat's hand and what the
   * table showed (the cards played, the trick, the suits sung). OUTSIDE gets, per suit, the
   * cards the other three seats hold between them.
   */
  function readTable(game, seat) {
    const base = seat * 4;
    for (let s = 0; s < 4; s++) {
      OUTSIDE[s] = 1023 & ~(game.hands[base + s] | game.won[s] | game.won[4 + s]);
    }
    for (let i = 0; i < game.trickLength; i++) {
      const c = game.trickCards[i];
      OUTSIDE[(c / 10) | 0] &= ~(1 << c % 10);
    }
  }

  /** The highest card left in its suit: nobody else holds one that beats it. */
  function isBoss(c) {
    return (OUTSIDE[(c / 10) | 0] & BEATEN_BY[c % 10]) === 0;
  }

  /** A rei or cavall of an unsung suit whose partner card the seat also holds. */
  function isPairCard(game, seat, c) {
    const s = (c / 10) | 0;
    if (!((PAIR >> c % 10) & 1) || (game.sung >> s) & 1) return false;
    return (game.hands[seat * 4 + s] & PAIR) === PAIR;
  }

  /**
   * The seat holds a tute, or a rei and cavall of a suit not yet sung: winning a trick lets it
   * sing (and a tute wins the hand at once).
   */
  function canSing(game, seat) {
    if (R.tuteOf(game.hands, seat * 4) !== null) return true;
    for (let s = 0; s < 4; s++) {
      if (!((game.sung >> s) & 1) && (game.hands[seat * 4 + s] & PAIR) === PAIR) return true;
    }
    return false;
  }

  /** How much giving a card away costs, the cant aside: its points; trumps and winners dearer. */
  function plainCost(game, seat, c) {
    const s = (c / 10) | 0;
    const r = c % 10;
    let cost = POINTS[r] * 4 + STRENGTH[r];
    if (s === game.trump) cost += 20 + STRENGTH[r] * 2;
    if (POINTS[r] && isBoss(c)) cost += 15;
    if (s !== game.trump && !POINTS[r] && BIT_COUNT[game.hands[seat * 4 + s]] === 1) cost -= 1;
    return cost;
  }

  // What argmin minimizes: the cost of giving a card away (COST), the same blind to the cant
  // (PLAIN), the points given up (GIVE, most first), and the costs of a lead: only trumps
  // (TRUMPS), or trumps last while another suit is held (LEAD, LEAD_PLAIN).
  const COST = 0;
  const PLAIN = 1;
  const GIVE = 2;
  const TRUMPS = 3;
  const LEAD = 4;
  const LEAD_PLAIN = 5;

  function score(game, seat, c, mode) {
    const trump = ((c / 10) | 0) === game.trump;
    const plain = plainCost(game, seat, c);
    const full = plain + (isPairCard(game, seat, c) ? 40 : 0);
    switch (mode) {
      case COST:
        return full;
      case PLAIN:
        return plain;
      case GIVE:
        return -POINTS[c % 10] * 4 + full / 8;
      case TRUMPS:
        return trump ? full : Infinity;
      default: {
        const side = trump && holdsSide(game, seat) ? 100 : 0;
        return (mode === LEAD ? full : plain) + side;
      }
    }
  }

  /** Whether the seat holds a card that is not a trump. */
  function holdsSide(game, seat) {
    for (let s = 0; s < 4; s++) if (s !== game.trump && game.hands[seat * 4 + s]) return true;
    return false;
  }

  /** The card of LEGAL[0..n) with the lowest score in mode, the first on ties. */
  function argmin(game, seat, n, mode) {
    let best = LEGAL[0];
    let low = score(game, seat, best, mode);
    for (let i = 1; i < n; i++) {
      const v = score(game, seat, LEGAL[i], mode);
      if (v < low) {
        low = v;
        best = LEGAL[i];
      }
    }
    return best;
  }

  /** Whether c, winning the trick now, holds against the players still to come (a guess). */
  function secure(game, c) {
    const after = 3 - game.trickLength;
    if (after <= 0) return true;
    if (!isBoss(c)) return false;
    const s = (c / 10) | 0;
    if (s === game.trump || !OUTSIDE[game.trump]) return true;
    return BIT_COUNT[OUTSIDE[s]] > after;
  }

  /** Level 1's why for its last card (ruleCard returns the card alone, for fast playouts). */
  let ruleWhy = "";

  /** The cheapest card in mode; the why is keep_cant_pair when the cheapest blind to the cant
   * (plainMode) was a card of a pair. */
  function cheapest(game, seat, n, mode, plainMode, why) {
    const card = argmin(game, seat, n, mode);
    const plain = argmin(game, seat, n, plainMode);
    ruleWhy = plain !== card && isPairCard(game, seat, plain) ? "keep_cant_pair" : why;
    return card;
  }

  function chosen(card, why) {
    ruleWhy = why;
    return card;
  }

  /** Level 1's card for the seat to move in a twin game (its why in ruleWhy). */
  function ruleCard(game) {
    const seat = (game.leader + game.trickLength) & 3;
    const n = game.legalInto(LEGAL);
    if (n === 1) return chosen(LEGAL[0], "only_legal");
    readTable(game, seat);
    if (game.trickLength === 0) return ruleLead(game, seat, n);
    const trump = game.trump;
    const best = game.best;
    if (game.bestSeat === (seat ^ 2)) {
      // The partner is winning: load a sure trick with points, else keep them.
      if (secure(game, best)) {
        const give = argmin(game, seat, n, GIVE);
        if (POINTS[give % 10]) return chosen(give, "partner_winning_give_points");
      }
      return cheapest(game, seat, n, COST, PLAIN, "cheap_discard");
    }
    let trickPoints = 0;
    for (let i = 0; i < game.trickLength; i++) trickPoints += POINTS[game.trickCards[i] % 10];
    let take = -1;
    let takeCost = Infinity;
    let winners = 0;
    for (let i = 0; i < n; i++) {
      const c = LEGAL[i];
      if (!R.beats(c, best, trump)) continue;
      winners++;
      const v = score(game, seat, c, COST);
      if (secure(game, c) && v < takeCost) {
        take = c;
        takeCost = v;
      }
    }
    const sing = canSing(game, seat);
    const winWhy = sing ? "win_to_sing" : "win_trick";
    const last = game.tricksPlayed === R.TRICKS_PER_HAND - 1 ? R.LAST_TRICK_BONUS : 0;
    const worth = trickPoints + last + (sing ? R.CANT_POINTS : 0);
    if (take >= 0 && (worth > 0 || takeCost < 25)) return chosen(take, winWhy);
    if (winners === n) return chosen(argmin(game, seat, n, COST), winWhy);
    const card = cheapest(game, seat, n, COST, PLAIN, "cheap_discard");
    if (R.beats(card, best, trump)) ruleWhy = winWhy;
    return card;
  }

  function ruleLead(game, seat, n) {
    const trump = game.trump;
    if (R.tuteOf(game.hands, seat * 4) !== null) {
      // A tute wins the hand with the next trick won: lead the surest card.
      for (let i = 0; i < n; i++) {
        const c = LEGAL[i];
        const sure = isBoss(c) && (((c / 10) | 0) === trump || !OUTSIDE[trump]);
        if (sure) return chosen(c, "win_to_sing");
      }
    }
    const mine = game.hands[seat * 4 + trump];
    const out = BIT_COUNT[OUTSIDE[trump]];
    const count = BIT_COUNT[mine];
    const top = mine ? topCard(trump, mine) : -1;
    const strong = count >= 4 || (count >= 3 && isBoss(top)) || (count >= 2 && count > out);
    if (out && strong) {
      // Draw trumps: the top one when it is the highest left, else the cheapest.
      const boss = isBoss(top) && !isPairCard(game, seat, top);
      return chosen(boss ? top : argmin(game, seat, n, TRUMPS), "draw_trumps");
    }
    // Cash a winner: the highest card left of its suit, when the opponents should follow.
    let cash = -1;
    for (let i = 0; i < n; i++) {
      const c = LEGAL[i];
      const s = (c / 10) | 0;
      if (!isBoss(c) || isPairCard(game, seat, c)) continue;
      const safe = s === trump || !out || (POINTS[c % 10] >= 10 && BIT_COUNT[OUTSIDE[s]] >= 3);
      if (safe && (cash < 0 || POINTS[c % 10] > POINTS[cash % 10])) cash = c;
    }
    if (cash >= 0 && (POINTS[cash % 10] || !out)) return chosen(cash, "lead_winner");
    return cheapest(game, seat, n, LEAD, LEAD_PLAIN, "lead_low");
  }

  /** The strongest card of suit s among the 10-bit mask bits. */
  function topCard(s, bits) {
    let top = -1;
    for (let b = bits; b; b &= b - 1) {
      const r = 31 - Math.clz32(b & -b);
      if (top < 0 || STRENGTH[r] > STRENGTH[top]) top = r;
    }
    return s * 10 + top;
  }

  /** The why of a card chosen by search, in level 1's words, from the seat's view of the table. */
  function describe(game, card) {
    const seat = (game.leader + game.trickLength) & 3;
    const n = game.legalInto(LEGAL);
    if (n === 1) return "only_legal";
    readTable(game, seat);
    const plain = argmin(game, seat, n, game.trickLength ? PLAIN : LEAD_PLAIN);
    const keep = plain !== card && isPairCard(game, seat, plain);
    if (game.trickLength === 0) {
      if (R.tuteOf(game.hands, seat * 4) !== null && isBoss(card)) return "win_to_sing";
      if (((card / 10) | 0) === game.trump && OUTSIDE[game.trump]) return "draw_trumps";
      if (isBoss(card)) return "lead_winner";
      return keep ? "keep_cant_pair" : "lead_low";
    }
    const beats = R.beats(card, game.best, game.trump);
    if (game.bestSeat === (seat ^ 2) && POINTS[card % 10] && !beats) {
      return "partner_winning_give_points";
    }
    if (beats) return canSing(game, seat) ? "win_to_sing" : "win_trick";
    return keep ? "keep_cant_pair" : "cheap_discard";
  }

  // -- level 2: sampled worlds, each searched ------------------------------------------------

  // A line's worth to the searching team, one int that orders lines: A * 512 + P, where P is the
  // team's points (cards, cants, les deu d'últimes) and A the margin over the other team plus
  // WIN_BONUS for a hand won (minus it for a hand lost). A tute ends the hand won whatever the
  // points: A is then the whole hand's worth, and the tute's team is counted the cards not yet
  // taken and les deu d'últimes, as if it had taken every trick left.
  const SCALE = 512;

  function lineValue(game, team) {
    const outcome = game.outcome();
    const points = outcome.points;
    const won = outcome.winner === team;
    if (outcome.reason === "tute") {
      const taken = cardPoints(game, 0) + cardPoints(game, 1);
      const rest = won ? R.DECK_POINTS - taken + R.LAST_TRICK_BONUS : 0;
      return (won ? 1 : -1) * (WIN_BONUS + R.HAND_POINTS) * SCALE + points[team] + rest;
    }
    const aim = points[team] - points[1 - team] + (won ? WIN_BONUS : -WIN_BONUS);
    return aim * SCALE + points[team];
  }

  /** Level 1 plays the hand out from here for everyone; the line's value, the game restored. */
  function playout(game, team) {
    let plies = 0;
    while (!game.isOver) {
      game.playFast(ruleCard(game));
      plies++;
    }
    const value = lineValue(game, team);
    for (; plies > 0; plies--) game.undo();
    return value;
  }

  const MOVES = Array.from({ length: R.DECK_SIZE + 1 }, () => new Int8Array(10));
  const KEYS = Array.from({ length: R.DECK_SIZE + 1 }, () => new Int32Array(10));

  // A transposition table for the positions at a trick's start, which later tricks reach again
  // in another order. The key is the whole position as two 32-bit words: the cards left (the
  // seats holding them do not change within one world), the leader, the suits sung and both
  // teams' points. Entries carry the world's stamp, so a new world needs no clearing.
  const TT_SIZE = 1 << 16;
  const ttX = new Int32Array(TT_SIZE);
  const ttY = new Int32Array(TT_SIZE);
  const ttValue = new Int32Array(TT_SIZE);
  const ttBound = new Int8Array(TT_SIZE); // 0 exact, 1 lower bound, 2 upper bound
  const ttStamp = new Int32Array(TT_SIZE);
  let stamp = 0;

  /** The points of the cards a team has taken (game.won), without allocating. */
  function cardPoints(game, team) {
    const w = game.won;
    const base = team * 4;
    const sum = R.SUIT_POINTS[w[base]] + R.SUIT_POINTS[w[base + 1]];
    return sum + R.SUIT_POINTS[w[base + 2]] + R.SUIT_POINTS[w[base + 3]];
  }

  /**
   * A team's points so far, as game.points has them (cards won and cants; les deu d'últimes
   * do not arise before the end), without allocating: an adapter until the twin offers one.
   */
  function teamPoints(game, team) {
    let total = cardPoints(game, team);
    for (let i = 0; i < game.cantCount; i++) {
      if ((game.cantSeat[i] & 1) !== team) continue;
      total += game.cantSuit[i] === game.trump ? R.TRUMP_CANT_POINTS : R.CANT_POINTS;
    }
    return total;
  }

  /** Alpha-beta to the end of the hand: the exact value for team, the game restored. */
  function alphaBeta(game, team, alpha, beta, ply) {
    if (game.isOver) return lineValue(game, team);
    let slot = -1;
    let x = 0;
    let y = 0;
    const alpha0 = alpha;
    const beta0 = beta;
    if (game.trickLength === 0) {
      const h = game.hands;
      x = (h[0] | h[4] | h[8] | h[12]) | ((h[1] | h[5] | h[9] | h[13]) << 10);
      x |= ((h[2] | h[6] | h[10] | h[14]) << 20) | (game.leader << 30);
      y = h[3] | h[7] | h[11] | h[15] | (game.sung << 10);
      y |= (teamPoints(game, 0) << 14) | (teamPoints(game, 1) << 23);
      slot = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca6b)) >>> 16;
      if (ttStamp[slot] === stamp && ttX[slot] === x && ttY[slot] === y) {
        const v = ttValue[slot];
        const bound = ttBound[slot];
        if (bound === 0) return v;
        if (bound === 1 && v > alpha) alpha = v;
        else if (bound === 2 && v < beta) beta = v;
        if (alpha >= beta) return v;
      }
    }
    const moves = MOVES[ply];
    const n = game.legalInto(moves);
    order(game, moves, KEYS[ply], n);
    const maximizing = (((game.leader + game.trickLength) & 3) & 1) === team;
    let value = maximizing ? -Infinity : Infinity;
    for (let i = 0; i < n; i++) {
      game.playFast(moves[i]);
      const v = alphaBeta(game, team, alpha, beta, ply + 1);
      game.undo();
      if (maximizing) {
        if (v > value) value = v;
        if (value > alpha) alpha = value;
      } else {
        if (v < value) value = v;
        if (value < beta) beta = value;
      }
      if (alpha >= beta) break;
    }
    if (slot >= 0) {
      ttStamp[slot] = stamp;
      ttX[slot] = x;
      ttY[slot] = y;
      ttValue[slot] = value;
      ttBound[slot] = value <= alpha0 ? 2 : value >= beta0 ? 1 : 0;
    }
    return value;
  }

  /** Likely best moves first: cards that take the trick, the partner's trick loaded, else low. */
  function order(game, moves, keys, n) {
    const seat = (game.leader + game.trickLength) & 3;
    const lead = game.trickLength === 0;
    const ours = !lead && (game.bestSeat & 1) === (seat & 1);
    for (let i = 0; i < n; i++) {
      const c = moves[i];
      const r = c % 10;
      if (lead) keys[i] = STRENGTH[r];
      else if (ours) keys[i] = POINTS[r] * 2 - (((c / 10) | 0) === game.trump ? 30 : 0);
      else if (R.beats(c, game.best, game.trump)) keys[i] = 40 - STRENGTH[r];
      else keys[i] = -STRENGTH[r] - POINTS[r];
    }
    for (let i = 1; i < n; i++) {
      const c = moves[i];
      const key = keys[i];
      let j = i - 1;
      for (; j >= 0 && keys[j] < key; j--) {
        moves[j + 1] = moves[j];
        keys[j + 1] = keys[j];
      }
      moves[j + 1] = c;
      keys[j + 1] = key;
    }
  }

  function now() {
    return typeof performance !== "undefined" ? performance.now() : Date.now();
  }

  /**
   * A search for the seat of a request, run in slices: step(budgetMs) works for about that long
   * and returns true once done; result() then gives the choice. The answer depends only on the
   * request (and its seed), never on how the work was sliced.
   * options (all optional, for tuning): worlds and exactWorlds (hidden hands sampled while
   * playing out and when exact), exactTricks (tricks left at which the search turns exact).
   */
  class Search {
    constructor(request, options = {}) {
      const k = knowledge(request);
      this.k = k;
      const rng = R.seededRandom(k.seed ^ (k.plays.length * 0x9e3779b1));
      const exactTricks = options.exactTricks === undefined ? EXACT_TRICKS : options.exactTricks;
      this.exact = R.TRICKS_PER_HAND - k.tricksDone <= exactTricks;
      const wanted = this.exact ? options.exactWorlds || EXACT_WORLDS : options.worlds || WORLDS;
      this.team = k.seat & 1;
      this.legal = R.legalCards(k.hand, k.trick, k.trump);
      const alone = this.legal.length === 1 && !options.evaluate;
      this.worlds = alone ? [] : sampleWorlds(k, wanted, rng);
      this.first = this.worlds.length ? this.worlds[0] : sampleWorlds(k, 1, rng)[0];
      this.values = this.legal.map(() => []);
      this.next = 0;
    }

    /** Work for about budgetMs milliseconds (at least one world); true once every world is done. */
    step(budgetMs = Infinity) {
      const end = now() + budgetMs;
      while (this.next < this.worlds.length) {
        this._world(this.worlds[this.next++]);
        if (now() >= end) break;
      }
      return this.next >= this.worlds.length;
    }

    get done() {
      return this.next >= this.worlds.length;
    }

    _world(game) {
      stamp++;
      this.legal.forEach((c, i) => {
        game.playFast(c);
        const team = this.team;
        this.values[i].push(
          this.exact ? alphaBeta(game, team, -Infinity, Infinity, 0) : playout(game, team),
        );
        game.undo();
      });
    }

    /**
     * The card with the best mean aim over the worlds searched, its why, and per legal card the
     * expected points of the seat's team and share of worlds in which the hand is won.
     */
    result() {
      if (!this.done) {
        throw new Error("the search is not finished: call step() until it returns true");
      }
      const cards = this.legal.map((c, i) => {
        const values = this.values[i];
        let aim = 0;
        let points = 0;
        let wins = 0;
        for (const v of values) {
          const a = Math.floor(v / SCALE);
          aim += a;
          points += v - a * SCALE;
          if (a > 0) wins++;
        }
        const m = values.length || 1;
        return { card: R.CARD_CODES[c], aim: aim / m, points: points / m, win: wins / m };
      });
      let best = 0;
      cards.forEach((entry, i) => {
        if (entry.aim > cards[best].aim) best = i;
      });
      const card = this.legal[best];
      return {
        card: R.CARD_CODES[card],
        why: describe(this.first, card),
        worlds: this.worlds.length,
        cards: cards.map(({ card: code, points, win }) => ({ card: code, points, win })),
      };
    }
  }

  // -- the API the page, the worker, the command line and the benchmark call -----------------

  /**
   * The card a bot of request.level plays for request.seat: {card, why}. Levels: 0 random legal,
   * 1 rule-based, 2 searching. Throws BotError on a bad request.
   */
  function choose(request, options) {
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      throw new BotError("object");
    }
    const level = field(request, "level", (v) => v === 0 || v === 1 || v === 2, "level");
    if (level === 2) {
      const search = new Search(request, options);
      search.step();
      const { card, why } = search.result();
      return { card, why };
    }
    const k = knowledge(request);
    const rng = R.seededRandom(k.seed ^ (k.plays.length * 0x9e3779b1));
    const legal = R.legalCards(k.hand, k.trick, k.trump);
    if (legal.length === 1) return { card: R.CARD_CODES[legal[0]], why: "only_legal" };
    if (level === 0) {
      return { card: R.CARD_CODES[legal[Math.floor(rng() * legal.length)]], why: "random" };
    }
    const card = ruleCard(sampleWorlds(k, 1, rng)[0]);
    return { card: R.CARD_CODES[card], why: ruleWhy };
  }

  /** The coach's hint for the seat to move: the searching bot's card, why, every card's worth. */
  function hint(request, options) {
    const search = new Search(request, options);
    search.step();
    return search.result();
  }

  /**
   * For the review after the hand: each legal card's expected points for the seat's team (and
   * share of hands won) over hidden hands sampled from what the seat knew, not the true layout.
   */
  function evaluate(request, options = {}) {
    const search = new Search(request, { ...options, evaluate: true });
    search.step();
    const { cards, worlds } = search.result();
    return { cards, worlds };
  }

  /**
   * Run a search on the main thread in slices of about budgetMs (default 8), yielding to the
   * page between them, so that no task is long: a promise of its result.
   */
  function runInSlices(search, budgetMs = 8) {
    return new Promise((resolve, reject) => {
      const slice = () => {
        try {
          if (search.step(budgetMs)) resolve(search.result());
          else setTimeout(slice, 0);
        } catch (error) {
          reject(error);
        }
      };
      slice();
    });
  }

  return Object.freeze({
    WHY,
    SCALE,
    EXACT_TRICKS,
    WORLDS,
    EXACT_WORLDS,
    BotError,
    choose,
    hint,
    evaluate,
    Search,
    runInSlices,
  });
});
