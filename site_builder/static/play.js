/* Tute per parelles in the browser: "Play a hand", whole hands and a match against the
   machine, with a coach. The rules are TuteRules' (rules.js): every legal card, refusal,
   trick, cant, tute, score and the match come from it; the machine's cards, hints and the
   review come from the bots (bots.js), in a Web Worker when one starts, else on this thread
   in slices. This file only keeps the learner's place, draws it and says it.
   The build bundles it after the rules, the bots and their worker (bot-worker.js), and the
   worker runs that same bundle, which skips this file there.
   The markup contract is "Play a hand" in docs/formats.md. */
(function () {
  "use strict";
  const R = window.TuteRules;
  const { POSITIONS, SEAT_KEYS, SUBJECT_KEYS, readJSON, strings, h, cardImg, rovingKeys, syncCardButtons } = window.tute;
  const STORE_KEY = "tute.play";
  const LEARNER = 0;
  /* how long a machine's card waits after the previous one, in ms, times window.tute.pace */
  const BOT_MS = 650;
  /* a card is listed in the review when another was worth this many points more on average:
     less is within what sampling the hidden hands can tell apart */
  const MIN_COST = 2;
  const SCRIPT = document.currentScript;

  /* ---------- the saved game: a match's results, the deal in play and its cards ---------- */

  /* A deal number holds its dealer (number % 4), so #deal=N is one deal for everybody. */
  const dealerOf = (number) => number % R.PLAYERS;

  function newDealNumber(dealer) {
    return (1 + Math.floor(Math.random() * 2499)) * R.PLAYERS + dealer;
  }

  function dealGame(number) {
    return new R.Game(R.randomDeal(R.seededRandom(number), dealerOf(number)));
  }

  /* The saved state, checked by replaying it through the rules; null when it does not hold. */
  function restore(saved) {
    if (!saved || saved.v !== 1 || !Array.isArray(saved.results) || !Array.isArray(saved.moves)) return null;
    try {
      const match = new R.Match({ dealer: saved.first });
      for (const result of saved.results) match.record(result);
      if (match.isOver || dealerOf(saved.deal) !== match.dealer) return null;
      const game = dealGame(saved.deal);
      const seats = saved.moves.map((code) => {
        const seat = game.turn;
        game.play(R.parseCard(code));
        return seat;
      });
      return { match, game, first: saved.first, deal: saved.deal, moves: saved.moves.slice(), seats,
        whys: saved.whys && typeof saved.whys === "object" ? saved.whys : {} };
    } catch {
      return null;
    }
  }

  function fresh(number) {
    const match = new R.Match({ dealer: dealerOf(number) });
    return { match, game: dealGame(number), first: match.dealer, deal: number, moves: [], seats: [], whys: {} };
  }

  function load() {
    try {
      return JSON.parse(localStorage.getItem(STORE_KEY) || "null");
    } catch {
      return null;
    }
  }

  function store(play, settings) {
    const saved = { v: 1, first: play.first, results: play.match.results.map((o) => ({ winner: o.winner, reason: o.reason })),
      deal: play.deal, moves: play.moves, whys: play.whys, settings };
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(saved));
    } catch {
      /* storage unavailable: the game is just not kept over a reload */
    }
  }

  function hashDeal() {
    const found = /(?:^#|&)deal=(\d{1,9})(?:&|$)/.exec(window.location.hash);
    return found ? Number(found[1]) : null;
  }

  /* ---------- the machine players: a worker, or the same bots on this thread ---------- */

  /* ask({kind, request}) answers as TuteBots[kind] would: "choose" (a card and why),
     "hint" (the searching bot's card and why) or "evaluate" (every legal card's worth). */
  function machine(onFail) {
    let worker;
    let next = 1;
    const waiting = new Map();

    /* started at the first question, not with the page, which then loads lighter */
    function start() {
      try {
        worker = new Worker(SCRIPT.src);
        worker.onmessage = (event) => settle(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          fallBack();
        };
      } catch {
        worker = null;
      }
    }

    function settle(reply) {
      const job = reply && waiting.get(reply.id);
      if (!job) return;
      waiting.delete(reply.id);
      if (reply.error) job.reject(new Error(reply.error));
      else job.resolve(reply.result);
    }

    /* No worker (a page opened from disk): the same bots, in this very script, think here in
       short slices. */
    function fallBack() {
      if (worker) worker.terminate();
      worker = null;
      const pending = Array.from(waiting.values());
      waiting.clear();
      for (const job of pending) ask(job.question).then(job.resolve, job.reject);
    }

    function ask(question) {
      if (worker === undefined) start();
      if (worker) {
        return new Promise((resolve, reject) => {
          const id = next++;
          waiting.set(id, { resolve, reject, question });
          worker.postMessage({ id, kind: question.kind, request: question.request });
        });
      }
      const bots = window.TuteBots;
      return Promise.resolve().then(() => {
        const search = new bots.Search(question.request, { evaluate: question.kind === "evaluate" });
        return bots.runInSlices(search);
      }).catch((error) => {
        onFail(error);
        throw error;
      });
    }

    return { ask };
  }

  /* ---------- the page ---------- */

  function mount(root) {
    const data = readJSON(root.querySelector("script[data-play-data]"));
    if (!data || !R) return null;
    const t = strings();
    const raw = readJSON(document.querySelector("script[data-widget-strings]")) || {};
    const plural = (forms, n, table) => {
      const list = Array.isArray(forms) ? forms : [String(forms)];
      const index = Number(table[Math.min(n, table.length - 1)] || 0);
      return list[Math.min(index, list.length - 1)];
    };
    const fill = (text, values) => String(text).replace(/\{(\w+)\}/g, (m, name) => (name in values ? values[name] : m));
    const tn = (key, n, values) => fill(plural(raw[key] || key, n, data.plural.site), { n, ...values });
    const say = (key, values) => fill(data.events[key] || key, values || {});
    const sayN = (key, n, values) => fill(plural(data.events[key] || key, n, data.plural.game), { n, ...values });
    const code = (card) => R.CARD_CODES[card];
    const theCard = (card) => data.the_cards[code(card)];
    const relative = (seat) => (seat - LEARNER + 4) % 4;
    const seatName = (seat) => t(SEAT_KEYS[relative(seat)]);
    const subject = (seat) => t(SUBJECT_KEYS[relative(seat)]);
    const suitName = (suit) => data.suits[R.SUIT_LETTERS[suit]];

    const saved = load();
    const settings = { light: true, noHelp: false, ...(saved && saved.settings) };
    const wanted = hashDeal();
    let play = restore(saved);
    if (wanted !== null && (!play || play.deal !== wanted)) play = fresh(wanted);
    if (!play) play = fresh(newDealNumber(Math.floor(Math.random() * R.PLAYERS)));

    /* What the screen shows besides the game: the trick just finished (held until the
       learner moves on), the last trick looked at again, the feedback lines said since the
       learner's last action, a card marked, the review. */
    const ui = { held: false, looking: false, feedback: [], feedbackId: 0, mark: null, thinking: null,
      review: null, reviewOpen: false };
    let token = 0;
    let timer = 0;
    let lastShown = 0;
    const bots = machine(() => {
      feed("refusal", t("bots_failed"), true);
      draw();
    });

    /* ---------- elements ---------- */
    root.querySelector("[data-play-nojs]").hidden = true;
    const dealLabel = h("p", { class: "deal-number" });
    const scoreCells = { us: [h("td", { "data-points-us": "" }), h("td", { "data-jocs-us": "" })],
      them: [h("td", { "data-points-them": "" }), h("td", { "data-jocs-them": "" })] };
    const score = h("table", { class: "play-score" }, [
      h("caption", { class: "visually-hidden" }, [t("score")]),
      h("tr", {}, [h("td"), h("th", { scope: "col" }, [t("points")]), h("th", { scope: "col" }, [t("jocs")])]),
      h("tr", {}, [h("th", { scope: "row" }, [t("team_us")]), ...scoreCells.us]),
      h("tr", {}, [h("th", { scope: "row" }, [t("team_them")]), ...scoreCells.them]),
    ]);
    const light = checkbox(t("light"), settings.light, (on) => { settings.light = on; changed(); });
    const noHelp = checkbox(t("no_help"), settings.noHelp, (on) => { settings.noHelp = on; changed(); });
    const options = h("details", { class: "play-options" }, [h("summary", {}, [t("options")]),
      h("div", { class: "options-panel" }, [light.el, noHelp.el])]);
    const bar = h("div", { class: "play-bar" }, [dealLabel, score, options]);

    const seats = [0, 1, 2, 3].map((seat) => {
      const name = h("span", { class: "seat-name" }, [seatName(seat)]);
      const dealer = h("span", { class: "dealer", hidden: true }, [t("dealer")]);
      const cards = h("div", { class: "seat-cards", "aria-hidden": "true" });
      const count = h("span", { class: "visually-hidden" });
      const badge = h("p", { class: "badge", hidden: true });
      const el = h("div", { class: "seat", "data-seat": seat, "data-pos": POSITIONS[relative(seat)] },
        [h("p", { class: "seat-head" }, [name, dealer]), cards, count, badge]);
      return { el, dealer, cards, count, badge };
    });
    const trumpCard = h("div", { class: "trump" });
    const trick = h("div", { class: "trick", role: "group", "aria-label": t("trick") });
    const trickNote = h("p", { class: "trick-note" });
    const turn = h("p", { class: "turn" });
    const review = h("div", { class: "review", hidden: true, tabindex: "-1" });
    const felt = h("div", { class: "felt", role: "group", "aria-label": t("table") },
      [trumpCard, ...seats.slice(1).map((s) => s.el), trick, trickNote, turn]);
    const hand = h("div", { class: "hand", role: "group", "aria-label": t("hand") });
    const learnerSeat = seats[LEARNER];
    learnerSeat.el.replaceChildren(learnerSeat.el.firstChild, hand, learnerSeat.badge);
    const feedback = h("div", { class: "feedback", "data-feedback": "", "aria-live": "polite" });
    const button = (action, label, primary) => h("button", { type: "button", class: primary ? "action primary" : "action",
      "data-action": action }, [label]);
    const controls = {
      hint: button("hint", t("hint")),
      takeback: button("takeback", t("takeback")),
      last: button("last-trick", t("last_trick")),
      next: button("next", t("continue"), true),
      review: button("review", t("review")),
      replay: button("replay", t("replay")),
      newHand: button("new-hand", t("new_hand"), true),
    };
    const coach = h("div", { class: "coach" }, [feedback, h("div", { class: "actions" }, Object.values(controls))]);
    root.append(bar, felt, learnerSeat.el, review, coach);
    rovingKeys(hand);

    function checkbox(label, on, change) {
      const input = h("input", { type: "checkbox" });
      input.checked = on;
      input.addEventListener("change", () => change(input.checked));
      return { el: h("label", { class: "option" }, [input, h("span", {}, [label])]), input };
    }

    /* ---------- reading the game ---------- */

    const game = () => play.game;
    const over = () => game().isOver;
    const outcome = () => game().outcome();
    /* the match as it stands once this hand counts: a finished hand counts at once */
    function jocs() {
      const counted = play.match.jocs.slice();
      const result = outcome();
      if (result) counted[result.winner] += 1;
      return counted;
    }
    const matchOver = () => over() && Math.max(...jocs()) >= R.MATCH_TARGET;
    const status = () => (matchOver() ? "match-over" : over() ? "hand-over" : "playing");
    const learnersTurn = () => !over() && game().turn === LEARNER && !ui.held;
    const help = () => !settings.noHelp;
    const lastTrick = () => game().tricks[game().tricks.length - 1] || null;

    /* The cards on the table: the trick in play, the one just finished, or the last looked at. */
    function tableCards() {
      const shown = ui.looking || ui.held ? lastTrick() : null;
      if (shown) return { leader: shown.leader, cards: shown.cards, winner: shown.winner };
      return { leader: (game().leader), cards: game().trick, winner: null };
    }

    /* ---------- saying things ---------- */

    function feed(kind, text, fresh) {
      if (fresh) {
        ui.feedback = [];
        ui.feedbackId += 1;
      }
      ui.feedback.push({ kind, text });
    }

    /* the learner moved on: what was said before is no longer shown */
    function clearFeed() {
      ui.feedback = [];
      ui.feedbackId += 1;
    }

    function refusalText(card) {
      const reason = game().refusal(card);
      const cards = game().trick;
      const template = data.reasons[reason];
      if (!template || !cards.length) return null;
      const best = cards[R.winningIndex(cards, game().trump)];
      const led = R.SUIT_LETTERS[R.suitOf(cards[0])];
      return fill(template, { suit: data.suits[led], of_suit: data.of_suits[led], card: theCard(best) });
    }

    /* why a machine player chose its card, in one sentence, or nothing for a why unknown */
    const whyText = (why) => raw["why_" + why] || "";

    /* A card just played, and what it finished: the trick, the cants after it, the hand. */
    function announce(seat, card) {
      feed("event", seat === LEARNER ? say("you_play", { card: theCard(card) })
        : say("seat_plays", { seat: subject(seat), card: theCard(card) }));
      if (game().trick.length) return;
      const done = lastTrick();
      const mine = done.winner === LEARNER;
      feed("event", mine ? sayN("you_win_trick", done.points) : sayN("seat_wins_trick", done.points, { seat: subject(done.winner) }));
      if (done.number === R.TRICKS_PER_HAND) feed("event", say("last_trick_bonus", { bonus: R.LAST_TRICK_BONUS }));
      const tute = game().tute;
      if (tute && tute.afterTrick === done.number) {
        const kind = tute.kind === "kings" ? "tute_kings" : "tute_horses";
        feed("event", say((tute.seat === LEARNER ? "you_" : "seat_") + kind, { seat: subject(tute.seat) }));
      }
      for (const cant of game().cants.filter((c) => c.afterTrick === done.number)) {
        const kind = cant.points === R.TRUMP_CANT_POINTS ? "forty" : "twenty";
        feed("event", say((cant.seat === LEARNER ? "you_" : "seat_") + kind, { seat: subject(cant.seat), suit: suitName(cant.suit) }));
      }
      ui.held = true;
      if (over()) handOverTexts().forEach((text) => feed("event", text));
    }

    function handOverTexts() {
      const result = outcome();
      const us = result.points[LEARNER % 2];
      const them = result.points[1 - (LEARNER % 2)];
      const won = result.winner === LEARNER % 2;
      const texts = [say((won ? "won_" : "lost_") + result.reason, { us, them })];
      if (matchOver()) {
        const [ours, theirs] = [jocs()[LEARNER % 2], jocs()[1 - (LEARNER % 2)]];
        texts.push(t(won ? "match_won" : "match_lost", { us: ours, them: theirs }));
      }
      return texts;
    }

    /* What one seat may know, as the bots read it: its own hand and what the table showed.
       The seed follows from the deal and the moves, so a deal played again plays the same. */
    function knows(g, moves, seat) {
      return { seat, dealer: g.dealer, trump_card: code(g.trumpCard), hand: g.hand(seat).map(code), plays: moves.slice(),
        cants: g.cants.map((c) => ({ after_trick: c.afterTrick, seat: c.seat, suit: R.SUIT_LETTERS[c.suit] })),
        seed: play.deal * 64 + moves.length };
    }

    /* ---------- changes ---------- */

    /* Drawn at once; kept, and the machine asked for its card, in a task after the one
       that made the change, so that a tap on a slow phone does no more than draw. */
    let keeping = 0;
    function changed() {
      draw();
      clearTimeout(keeping);
      keeping = setTimeout(() => {
        keeping = 0;
        store(play, settings);
        schedule();
      });
    }

    function playCard(card, why) {
      const seat = game().turn;
      game().play(card);
      play.moves.push(code(card));
      play.seats.push(seat);
      if (why) play.whys[code(card)] = why;
      ui.looking = false;
      ui.mark = null;
      lastShown = performance.now();
      announce(seat, card);
      if (over()) startReview();
      changed();
    }

    /* The machine's turn: ask for its card, and show it once its beat has passed. */
    function schedule() {
      clearTimeout(timer);
      if (over() || ui.held || game().turn === LEARNER || ui.thinking !== null) return;
      const seat = game().turn;
      const mine = ++token;
      ui.thinking = seat;
      bots.ask({ kind: "choose", request: { ...knows(game(), play.moves, seat), level: 2 } }).then((choice) => {
        if (mine !== token) return;
        const wait = Math.max(0, BOT_MS * pace() - (performance.now() - lastShown));
        timer = setTimeout(() => {
          if (mine !== token) return;
          ui.thinking = null;
          playCard(R.parseCard(choice.card), choice.why);
        }, wait);
      }, () => {
        if (mine !== token) return;
        ui.thinking = null;
        feed("refusal", t("bots_failed"), true);
        draw();
      });
      draw();
    }

    /* Forget what the machine was about to do: the position it thought about is gone. */
    function interrupt() {
      token += 1;
      clearTimeout(timer);
      ui.thinking = null;
    }

    function tapCard(card) {
      if (over()) return;
      if (!over() && ui.held && game().turn === LEARNER) ui.held = false;
      if (!learnersTurn()) {
        feed("wait", t(ui.held ? "trick_stays" : "not_your_turn"), true);
        return draw();
      }
      const reason = game().refusal(card);
      if (reason) {
        ui.mark = { card: code(card), verdict: "refused" };
        feed("refusal", refusalText(card) || "", true);
        return draw();
      }
      clearFeed();
      playCard(card, null);
    }

    function tapPlayed(card, seat) {
      if (seat === LEARNER) return;
      const why = whyText(play.whys[code(card)]);
      feed("why", [t("played_by", { seat: subject(seat), card: theCard(card) }), why].filter(Boolean).join(" "), true);
      draw();
    }

    function proceed() {
      if (!ui.held) return;
      ui.held = false;
      ui.looking = false;
      clearFeed();
      changed();
    }

    function takeBack() {
      if (!help()) return;
      const at = lastLearnerMove();
      if (at < 0) return;
      interrupt();
      const moves = play.moves.slice(0, at);
      play.game = dealGame(play.deal);
      for (const move of moves) play.game.play(R.parseCard(move));
      play.moves = moves;
      play.seats = play.seats.slice(0, at);
      ui.held = false;
      ui.looking = false;
      ui.review = null;
      ui.reviewOpen = false;
      ui.mark = null;
      feed("event", t("taken_back"), true);
      changed();
    }

    /* Where the learner's last card is in the hand's moves, or -1. */
    const lastLearnerMove = () => play.seats.lastIndexOf(LEARNER);

    function askHint() {
      if (!help() || !learnersTurn()) return;
      const mine = token;
      feed("hint", t("hint_thinking"), true);
      draw();
      bots.ask({ kind: "hint", request: knows(game(), play.moves, LEARNER) }).then((choice) => {
        if (mine !== token || !learnersTurn()) return;
        const card = R.parseCard(choice.card);
        ui.mark = { card: code(card), verdict: "hint" };
        feed("hint", [t("hint_line", { card: theCard(card) }), whyText(choice.why)].filter(Boolean).join(" "), true);
        draw();
      }, () => {});
    }

    function newHand() {
      if (!over()) return;
      interrupt();
      if (matchOver()) {
        /* the dealer moves on into the next match too */
        play = fresh(newDealNumber((play.match.dealer + 1) % R.PLAYERS));
      } else {
        play.match.record(outcome());
        play.deal = newDealNumber(play.match.dealer);
        play.game = dealGame(play.deal);
        play.moves = [];
        play.seats = [];
        play.whys = {};
      }
      resetHand();
      feed("deal", dealLine(), true);
      changed();
    }

    function replay() {
      if (!over()) return;
      interrupt();
      play.game = dealGame(play.deal);
      play.moves = [];
      play.seats = [];
      play.whys = {};
      resetHand();
      feed("deal", dealLine(), true);
      changed();
    }

    function resetHand() {
      Object.assign(ui, { held: false, looking: false, mark: null, review: null, reviewOpen: false });
    }

    /* ---------- the review: the learner's cards weighed on what they could know ---------- */

    function startReview() {
      const mine = token;
      const decisions = [];
      const copy = dealGame(play.deal);
      play.moves.forEach((move, i) => {
        if (copy.turn === LEARNER) {
          decisions.push({ request: knows(copy, play.moves.slice(0, i), LEARNER), played: move, trick: copy.tricksPlayed + 1 });
        }
        copy.play(R.parseCard(move));
      });
      ui.review = { pending: true, items: [] };
      Promise.all(decisions.map((d) => bots.ask({ kind: "evaluate", request: d.request })
        .then((worth) => ({ ...d, values: Object.fromEntries(worth.cards.map((c) => [c.card, c.points])) })))).then((items) => {
        if (mine !== token) return;
        ui.review = { pending: false, items: items.map(weigh) };
        draw();
      }, () => {
        if (mine === token) ui.review = { pending: false, failed: true, items: [] };
        draw();
      });
    }

    /* One decision: the card played, the best one by the evaluation, what it cost. */
    function weigh(item) {
      const entries = Object.entries(item.values);
      const value = (card) => item.values[card];
      const best = entries.reduce((a, b) => (b[1] > a[1] ? b : a));
      const worst = entries.reduce((a, b) => (b[1] < a[1] ? b : a));
      const played = value(item.played);
      return { trick: item.trick, played: item.played, better: best[0], cost: Math.round(best[1] - played),
        spread: Math.round(best[1] - worst[1]) };
    }

    function drawReview() {
      setHidden(review, !ui.reviewOpen);
      if (!ui.reviewOpen) return;
      const state = ui.review || { pending: true, items: [] };
      const key = JSON.stringify(state);
      if (review.dataset.key === key) return;
      review.dataset.key = key;
      const name = (c) => data.the_cards[c] || c;
      const children = [h("h2", {}, [t("review_title")])];
      if (state.pending) children.push(h("p", {}, [t("reviewing")]));
      else if (state.failed) children.push(h("p", {}, [t("review_failed")]));
      else {
        const moments = state.items.filter((i) => i.spread >= 1).sort((a, b) => b.spread - a.spread || a.trick - b.trick).slice(0, 3);
        if (moments.length) {
          children.push(h("h3", {}, [t("moments_title")]), h("ol", { class: "moments" }, moments.map((i) => h("li", {}, [
            i.cost >= MIN_COST ? tn("moment_cost", i.cost, { trick: i.trick, card: name(i.played), better: name(i.better) })
              : tn("moment_best", i.spread, { trick: i.trick, card: name(i.played) })]))));
        }
        const costly = state.items.filter((i) => i.cost >= MIN_COST);
        if (!costly.length) children.push(h("p", {}, [t("review_clean")]));
        else {
          children.push(h("p", {}, [tn("review_count", costly.length)]),
            h("ul", { class: "review-list" }, costly.map((i) => h("li", { "data-review-card": i.played }, [
              cardImg("c-" + i.played, ""), cardImg("c-" + i.better, ""),
              h("span", {}, [tn("review_item", i.cost, { trick: i.trick, card: name(i.played), better: name(i.better) })])]))));
        }
        children.push(h("p", { class: "review-basis" }, [t("review_basis")]));
      }
      review.replaceChildren(...children);
    }

    /* ---------- drawing ---------- */

    /* A text that did not change is not written again: the table is laid out only anew
       where something changed. */
    /* Texts, attributes and hidden written only when they change: even the same value
       written again makes the browser restyle. */
    function setText(el, text) {
      if (el.textContent !== String(text)) el.textContent = text;
    }
    function setAttr(el, name, value) {
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    }
    function toggleAttr(el, name, on) {
      if (el.hasAttribute(name) !== Boolean(on)) el.toggleAttribute(name, on);
    }
    function setHidden(el, hidden) {
      if (el.hidden !== hidden) el.hidden = hidden;
    }

    /* Drawn once the change is made, before anything else runs (a tap always meets the
       screen it sees), and once for all the changes one event makes. */
    let drawing = false;
    function draw() {
      if (drawing) return;
      drawing = true;
      queueMicrotask(() => {
        drawing = false;
        paint();
        setAttr(root, "data-status", status());
        setAttr(root, "data-deal", String(play.deal));
        setAttr(root, "data-busy", String(ui.thinking !== null));
        /* the deal in play is in the address, to share or to come back to */
        if (hashDeal() !== play.deal) history.replaceState(null, "", "#deal=" + play.deal);
      });
    }

    function paint() {
      const g = game();
      const hadFocus = root.contains(document.activeElement);
      /* the hand first: a card that leaves it hands focus on while the page is still laid out */
      drawHand();
      setText(dealLabel, t("deal", { number: play.deal }));
      const points = g.points;
      const counted = jocs();
      setText(scoreCells.us[0], points[LEARNER % 2]);
      setText(scoreCells.us[1], counted[LEARNER % 2]);
      setText(scoreCells.them[0], points[1 - (LEARNER % 2)]);
      setText(scoreCells.them[1], counted[1 - (LEARNER % 2)]);
      const trumpImg = trumpCard.firstChild;
      if (!trumpImg || trumpImg.dataset.card !== code(g.trumpCard)) {
        const img = cardImg("c-" + code(g.trumpCard), t("trump_card", { card: theCard(g.trumpCard) }));
        img.dataset.card = code(g.trumpCard);
        trumpCard.replaceChildren(img, h("span", { class: "trump-label", "aria-hidden": "true" }, [t("trump")]));
      }
      const badges = sungBadges();
      for (const s of seats) {
        const seat = Number(s.el.dataset.seat);
        setHidden(s.dealer, g.dealer !== seat);
        toggleAttr(s.el, "data-turn", !over() && g.turn === seat && !ui.held);
        drawBadge(s, badges[seat]);
        if (seat !== LEARNER) drawBacks(s, seat, g.hand(seat).length);
      }
      drawTrick();
      setText(turn, over() || ui.held ? "" : g.turn === LEARNER ? t("your_turn")
        : ui.thinking !== null ? t("thinking", { seat: subject(ui.thinking) }) : t("seat_to_play", { seat: subject(g.turn) }));
      drawFeedback();
      drawControls();
      drawReview();
      toggleAttr(root, "data-light", settings.light && help());
      /* a keyboard moves on from a finished trick, or the hand, with the key it played with */
      const heldNow = ui.held || over();
      if (hadFocus && (!root.contains(document.activeElement) || (heldNow && !wasHeld))) focusPrimary();
      wasHeld = heldNow;
    }
    let wasHeld = false;

    /* Cants and a tute sung after the trick on the table, by seat, as the lessons show them. */
    function sungBadges() {
      const done = ui.held || ui.looking ? lastTrick() : null;
      const found = {};
      if (!done) return found;
      for (const c of game().cants) if (c.afterTrick === done.number) found[c.seat] = { kind: "cant", suit: c.suit, points: c.points };
      const tute = game().tute;
      if (tute && tute.afterTrick === done.number) found[tute.seat] = { kind: "tute", rank: tute.kind === "kings" ? 12 : 11 };
      return found;
    }

    function drawBadge(s, badge) {
      setHidden(s.badge, !badge);
      if (!badge) {
        s.badge.dataset.text = "";
        return s.badge.replaceChildren();
      }
      const text = badge.kind === "tute" ? t("tute_badge") : t("cant_badge", { points: badge.points, suit: suitName(badge.suit) });
      if (s.badge.dataset.text === text) return;
      s.badge.dataset.text = text;
      const cards = badge.kind === "cant" ? ["12", "11"].map((r) => r + R.SUIT_LETTERS[badge.suit])
        : R.SUIT_LETTERS.split("").map((suit) => badge.rank + suit);
      s.badge.replaceChildren(h("span", {}, [text]), h("span", { class: "sung" }, cards.map((c) => cardImg("c-" + c, ""))));
    }

    function drawBacks(s, seat, count) {
      if (s.cards.dataset.count === String(count)) return;
      s.cards.dataset.count = String(count);
      /* one back less or more, the others left as they are painted */
      if (!s.cards.lastChild) s.cards.append(h("span", { class: "count" }));
      const backs = s.cards.querySelectorAll(".back");
      for (let i = count; i < backs.length; i++) backs[i].remove();
      for (let i = backs.length; i < count; i++) s.cards.lastChild.before(h("span", { class: "back" }));
      s.cards.lastChild.textContent = String(count);
      setText(s.count, tn("cards_left", count, { seat: subject(seat), count }));
    }

    function drawHand() {
      const cards = game().hand(LEARNER);
      const codes = cards.map(code);
      syncCardButtons(hand, codes, data.cards);
      const legal = new Set(learnersTurn() ? game().legalPlays().map(code) : []);
      setAttr(hand, "data-mode", learnersTurn() ? "play" : "wait");
      for (const b of hand.querySelectorAll("button[data-card]")) {
        const c = b.dataset.card;
        setAttr(b, "data-legal", String(legal.has(c)));
        setAttr(b, "aria-disabled", String(!learnersTurn()));
        const marked = ui.mark && ui.mark.card === c;
        toggleAttr(b, "data-verdict", Boolean(marked));
        if (marked) setAttr(b, "data-verdict", ui.mark.verdict);
      }
    }

    function drawTrick() {
      const shown = tableCards();
      const wanted = shown.cards.map((card, i) => ({ card: code(card), seat: (shown.leader + i) % 4 }));
      const key = wanted.map((p) => p.card).join(" ") + (shown.winner === null ? "" : "/" + shown.winner);
      toggleAttr(trick, "data-looking", ui.looking && !ui.held);
      if (ui.looking && !ui.held) {
        const done = lastTrick();
        setText(trickNote, !done ? t("no_last_trick") : done.winner === LEARNER ? t("last_trick_you") : t("last_trick_line", { seat: subject(done.winner) }));
      } else {
        setText(trickNote, "");
      }
      if (trick.dataset.key === key) return;
      trick.dataset.key = key;
      /* cards already on the table stay where they are: moved, each would be painted again */
      const old = new Map(Array.from(trick.children, (el) => [el.dataset.card + el.dataset.seat, el]));
      wanted.forEach(({ card, seat }, i) => {
        const el = old.get(card + seat) || h("button", { type: "button", class: "played", "data-card": card, "data-seat": seat,
          "data-pos": POSITIONS[relative(seat)] }, [cardImg("c-" + card, seat === LEARNER
            ? t("you_played", { card: data.the_cards[card] })
            : t("played_by", { seat: subject(seat), card: data.the_cards[card] }))]);
        old.delete(card + seat);
        if (trick.children[i] !== el) trick.insertBefore(el, trick.children[i] || null);
        const wins = shown.winner === seat;
        toggleAttr(el, "data-wins", wins);
        const label = el.querySelector(".wins");
        if (wins && !label) el.append(h("span", { class: "wins" }, [t("wins")]));
        if (!wins && label) label.remove();
      });
      for (const gone of old.values()) gone.remove();
    }

    let shownFeedback = -1;
    function drawFeedback() {
      if (ui.feedbackId !== shownFeedback) {
        shownFeedback = ui.feedbackId;
        feedback.replaceChildren();
      }
      for (const line of ui.feedback.slice(feedback.children.length)) {
        feedback.append(h("p", { "data-kind": line.kind }, [line.text]));
      }
    }

    function drawControls() {
      const done = over();
      const show = (el, on) => {
        setHidden(el, !on);
      };
      show(controls.hint, help() && !done);
      setAttr(controls.hint, "aria-disabled", String(!learnersTurn()));
      show(controls.takeback, help() && !done);
      setAttr(controls.takeback, "aria-disabled", String(lastLearnerMove() < 0));
      show(controls.last, !ui.held);
      setAttr(controls.last, "aria-pressed", String(ui.looking));
      setAttr(controls.last, "aria-disabled", String(!lastTrick()));
      show(controls.next, ui.held && !done);
      show(controls.review, done);
      setAttr(controls.review, "aria-pressed", String(ui.reviewOpen));
      show(controls.replay, done);
      show(controls.newHand, done);
      setText(controls.newHand, matchOver() ? t("new_match") : t("new_hand"));
    }

    function focusPrimary() {
      const target = !over() && ui.held ? controls.next : over() ? controls.newHand : hand.querySelector("button[tabindex='0']");
      if (target && !target.hidden) target.focus({ preventScroll: true });
    }

    /* window.tute.pace scales the machine's beat; 0 shows its cards at once */
    function pace() {
      const value = Number(window.tute.pace);
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      root.toggleAttribute("data-still", value === 0 || still);
      return Number.isFinite(value) && value >= 0 ? value : 1;
    }

    root.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target || !root.contains(target)) return;
      if (target.getAttribute("aria-disabled") === "true" && !target.dataset.card) return;
      const action = target.dataset.action;
      if (target.parentElement === hand) tapCard(R.parseCard(target.dataset.card));
      else if (target.parentElement === trick) tapPlayed(R.parseCard(target.dataset.card), Number(target.dataset.seat));
      else if (action === "next") proceed();
      else if (action === "hint") askHint();
      else if (action === "takeback") takeBack();
      else if (action === "last-trick") {
        ui.looking = !ui.looking;
        draw();
      } else if (action === "review") {
        ui.reviewOpen = !ui.reviewOpen;
        draw();
        if (ui.reviewOpen) requestAnimationFrame(() => review.focus({ preventScroll: true }));
      } else if (action === "replay") replay();
      else if (action === "new-hand") newHand();
    });

    window.addEventListener("hashchange", () => {
      const number = hashDeal();
      if (number === null || number === play.deal) return;
      interrupt();
      play = fresh(number);
      resetHand();
      feed("deal", dealLine(), true);
      changed();
    });

    feed("deal", dealLine(), true);
    if (over()) startReview();
    /* drawn in a task of its own: the script that loads, the drawing and the first frame,
       which lays the table out and paints its cards, each keep a slow phone busy apart */
    setTimeout(changed);
    /* the table at the top of the screen, on a whole pixel at or above its top, so a
       fractional top never leaves its first line a sliver off screen; measured in the first
       frame, where the page is laid out anyway, so that loading the script does not force a
       layout of its own (on a slow phone the two made one task of a third of a second) */
    requestAnimationFrame(() => {
      window.scrollTo(0, Math.floor(root.getBoundingClientRect().top + window.scrollY));
    });

    function dealLine() {
      const g = game();
      const suit = suitName(g.trump);
      return g.dealer === LEARNER ? t("you_deal_line", { number: play.deal, suit })
        : t("deal_line", { number: play.deal, seat: subject(g.dealer), suit });
    }

    return { get game() { return play.game; }, get match() { return play.match; } };
  }

  window.tute.pace = window.tute.pace === undefined ? 1 : window.tute.pace;
  window.tute.plays = Array.from(document.querySelectorAll("section[data-play]"), mount);
})();
