/* Tute per parelles in the browser: the playable lesson and the lessons index's progress
   marks, on the helpers of widget-core.js. No rules live here: every legal set, refusal,
   trick winner, cant and score comes from the compiled data the engine produced at build
   time. The markup contract is "Widget markup" in docs/formats.md. */
(function () {
  "use strict";

  const { POSITIONS, SEAT_KEYS, readJSON, strings, h, cardImg, rovingKeys, syncCardButtons } = window.tute;
  const STORE_KEY = "tute.lessons.completed";
  const BEAT_MS = { play: 450, trick: 1100, cant: 1100, tute: 1300, hand_over: 800 };

  function reducedMotion() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function completedIds() {
    try {
      const ids = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
      return Array.isArray(ids) ? ids : [];
    } catch (e) {
      return [];
    }
  }

  function storeCompleted(id) {
    const ids = completedIds();
    if (ids.includes(id)) return;
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(ids.concat(id)));
    } catch (e) {
      /* storage unavailable (private mode, file: quirks): completion is just not remembered */
    }
  }

  /* ---------- the lesson: pure transitions ---------- */

  const relative = (lesson, seat) => (seat - lesson.learner + 4) % 4;

  function initial(lesson) {
    const state = lesson.nodes[lesson.start].state;
    return { node: lesson.start, told: lesson.start, shown: state, target: state, queue: [], collect: null,
      badges: {}, feedback: [], fid: 0, mark: null, complete: false, lastBeat: null };
  }

  const busy = (st) => st.queue.length > 0 || st.shown !== st.target;

  /* A node's narration and hint are its step's, shared by every branch through the step. */
  const words = (lesson, node) => (lesson.steps || [])[node.step] || {};

  /* An outcome's events, which it names by their index in the lesson's table of events. */
  const eventsOf = (lesson, outcome) =>
    ((outcome && outcome.events) || []).map((index) => (lesson.events || [])[index]).filter(Boolean);

  /* The seat the turn marker names: the learner only where a card is expected, another seat
     only on a continue step whose Continue makes it play; nobody while moving or at the end. */
  function toPlay(lesson, node, st) {
    const seat = st.shown.turn;
    if (busy(st) || st.complete || seat === null || seat === undefined) return null;
    if (node.action === "play") return seat;
    const events = eventsOf(lesson, node.continue);
    return events.some((e) => e.type === "play" && e.seat === seat) ? seat : null;
  }

  function say(st, kind, text, mark) {
    return { ...st, feedback: text ? [{ kind, text }] : [], fid: st.fid + 1, mark };
  }

  /* The learner taps a card: a refusal or a hint, or the accepted card's outcome begins. */
  function choose(lesson, st, code, instant) {
    const node = lesson.nodes[st.node];
    if (busy(st) || st.complete || node.action !== "play") return st;
    const refusal = node.refusals && code in node.refusals && (lesson.reasons || [])[node.refusals[code]];
    if (refusal) return say(st, "refusal", refusal.message, { card: code, verdict: "refused" });
    if (!(node.legal || []).includes(code)) return st;
    const outcome = node.outcomes && node.outcomes[code];
    if (!(node.accept || []).includes(code) || !outcome) {
      return say(st, "hint", words(lesson, node).hint, { card: code, verdict: "hint" });
    }
    return follow(lesson, st, outcome, instant);
  }

  function proceed(lesson, st, instant) {
    const node = lesson.nodes[st.node];
    if (busy(st) || st.complete || node.action !== "continue" || !node.continue) return st;
    return follow(lesson, st, node.continue, instant);
  }

  /* Start an outcome: the step advances at once; its events are shown beat by beat.
     The position after them is the next node's, or the outcome's own when the lesson ends. */
  function follow(lesson, st, outcome, instant) {
    const done = outcome.next === null || outcome.next === undefined;
    const target = done ? outcome.state : lesson.nodes[outcome.next] && lesson.nodes[outcome.next].state;
    if (!target) return st;
    let next = { ...say(st, "event", "", null), node: done ? st.node : outcome.next,
      complete: done, target, queue: eventsOf(lesson, outcome), badges: {} };
    next = beat(next);
    while (instant && busy(next)) next = beat(next);
    return next;
  }

  /* Show the next event (or, when none is left, settle on the outcome's position). */
  function beat(st) {
    const shown = st.collect === null ? st.shown : { ...st.shown, trick: { leader: st.collect, cards: [] } };
    if (!st.queue.length) return { ...st, shown: st.target, told: st.node, collect: null, lastBeat: null };
    const [event, ...queue] = st.queue;
    const next = { ...st, queue, collect: null, lastBeat: event.type,
      feedback: event.text ? st.feedback.concat({ kind: "event", text: event.text }) : st.feedback };
    if (event.type === "play") {
      next.shown = played(shown, event.seat, event.card);
    } else if (event.type === "trick") {
      next.shown = scored(shown, event.winner, event.points, 1);
      next.collect = event.winner;
    } else if (event.type === "cant") {
      next.shown = scored(shown, event.seat, event.points, 0);
      next.badges = { ...st.badges, [event.seat]: { kind: "cant", suit: event.suit, points: event.points } };
    } else if (event.type === "tute") {
      next.shown = shown;
      next.badges = { ...st.badges, [event.seat]: { kind: "tute" } };
    } else {
      next.shown = { ...shown, turn: null };
    }
    return next;
  }

  function played(pos, seat, card) {
    const hands = pos.hands.map((hand, s) => (s === seat ? hand.filter((c) => c !== card) : hand));
    const cards = pos.trick.cards.concat(card);
    const leader = pos.trick.cards.length ? pos.trick.leader : seat;
    return { ...pos, hands, trick: { leader, cards }, turn: null };
  }

  /* Add an event's points (and a trick, for trick events) to the scoring team: seat % 2. */
  function scored(pos, seat, points, tricks) {
    const team = seat % 2;
    const add = (list, n) => list.map((v, t) => (t === team ? v + n : v));
    return { ...pos, points: add(pos.points, points || 0), tricks_won: add(pos.tricks_won, tricks), turn: null };
  }

  /* ---------- the lesson: DOM ---------- */

  function mount(root) {
    const lesson = readJSON(root.querySelector("script[data-lesson-data]"));
    if (!lesson || !Array.isArray(lesson.nodes) || !lesson.nodes[lesson.start]) return null;
    const t = strings();
    const names = lesson.cards || {};
    const faceUp = new Set(lesson.face_up || []);
    const seatName = (seat) => t(SEAT_KEYS[relative(lesson, seat)]);
    let state = initial(lesson);
    let frame = 0;
    let timer = 0;
    let wantFocus = false;

    const walkthrough = root.querySelector(".walkthrough");
    if (walkthrough) walkthrough.hidden = true;

    const seats = [0, 1, 2, 3].map((seat) => {
      const pos = POSITIONS[relative(lesson, seat)];
      const cards = h("div", { class: "seat-cards" });
      const badge = h("span", { class: "badge", hidden: true });
      const label = h("span", { class: "seat-name" }, [seatName(seat)]);
      const head = h("div", { class: "seat-head" }, [label, badge]);
      const el = h("div", { class: "seat", "data-seat": seat, "data-pos": pos }, [head, cards]);
      if (seat === lesson.dealer && lesson.trump_card) {
        head.append(h("span", { class: "dealer" }, [t("dealer")]), h("span", { class: "trump-card" }, [
          cardImg("c-" + lesson.trump_card, t("trump") + ": " + (names[lesson.trump_card] || "")),
          h("span", { class: "trump-label" }, [t("trump")]),
        ]));
      }
      return { el, cards, badge, pos };
    });
    const hand = h("div", { class: "hand", role: "group", "aria-label": t("hand") });
    seats[lesson.learner].cards.replaceWith(hand);
    const trick = h("div", { class: "trick", role: "group", "aria-label": t("trick") });
    const scoreCells = [0, 1].map(() => [h("td"), h("td")]);
    const us = lesson.learner % 2;
    const score = h("table", { class: "score" }, [
      h("caption", { class: "visually-hidden" }, [t("score")]),
      h("tr", {}, [h("td"), h("th", { scope: "col" }, [t("tricks")]), h("th", { scope: "col" }, [t("points")])]),
      ...[us, 1 - us].map((team) => h("tr", {}, [
        h("th", { scope: "row" }, [t(team === us ? "team_us" : "team_them")]), ...scoreCells[team]])),
    ]);
    const turn = h("p", { class: "turn" });
    const sayEl = h("p", { class: "say", "data-say": "" });
    const feedback = h("div", { class: "feedback", "data-feedback": "", "aria-live": "polite" });
    const nextButton = h("button", { type: "button", class: "action primary", "data-action": "next" }, [t("continue")]);
    /* Continue sits under the narration it follows, so on a phone it is not below the whole table */
    const nextRow = h("div", { class: "next-row", hidden: true }, [nextButton]);
    const restartButton = h("button", { type: "button", class: "action", "data-action": "restart" }, [t("restart")]);
    const doneTitle = h("p", { class: "done-title", tabindex: "-1" }, [t("complete")]);
    const nextUrl = root.getAttribute("data-next-url") || "";
    const indexUrl = root.getAttribute("data-lessons-url") || "";
    const done = h("div", { class: "done", hidden: true }, [doneTitle,
      nextUrl ? h("button", { type: "button", class: "action primary", "data-action": "next-lesson" }, [t("next_lesson")])
        : indexUrl ? h("a", { class: "action", href: indexUrl }, [t("back_to_lessons")]) : ""]);
    const widget = h("div", { class: "widget" }, [
      h("div", { class: "bar" }, [score, turn]),
      h("div", { class: "talk" }, [sayEl, feedback, nextRow, done]),
      h("div", { class: "felt", role: "group", "aria-label": t("table") },
        [...seats.map((s) => s.el), trick]),
      h("div", { class: "controls" }, [restartButton]),
    ]);
    root.append(widget);
    rovingKeys(hand);

    function update(fn) {
      const before = state;
      state = fn(state);
      if (state === before) return;
      root.setAttribute("data-step", String(lesson.nodes[state.node].step));
      root.setAttribute("data-status", state.complete ? "complete" : "playing");
      root.setAttribute("data-busy", String(busy(state)));
      if (state.complete && !before.complete) storeCompleted(lesson.id);
      if (!frame) frame = requestAnimationFrame(draw);
      if (!timer && busy(state)) timer = setTimeout(pump, BEAT_MS[state.lastBeat] || 0);
    }

    function pump() {
      timer = 0;
      update(beat);
    }

    function act(fn) {
      wantFocus = root.contains(document.activeElement);
      update((st) => fn(st, reducedMotion()));
    }

    function draw() {
      frame = 0;
      const st = state;
      const pos = st.shown;
      const node = lesson.nodes[st.node];
      const moving = busy(st);
      const hadFocus = root.contains(document.activeElement);
      const playing = toPlay(lesson, node, st);
      for (const s of seats) {
        const seat = Number(s.el.dataset.seat);
        s.el.toggleAttribute("data-turn", playing === seat);
        const badge = st.badges[seat];
        s.badge.hidden = !badge;
        s.badge.textContent = !badge ? "" : badge.kind === "tute" ? t("tute_badge")
          : t("cant_badge", { points: badge.points, suit: (lesson.suits || {})[badge.suit] || badge.suit });
        if (seat !== lesson.learner) drawSeatCards(s, seat, pos);
      }
      syncCardButtons(hand, pos.hands[lesson.learner] || [], names);
      for (const b of hand.querySelectorAll("button[data-card]")) {
        b.setAttribute("aria-disabled", String(moving || st.complete || node.action !== "play"));
        const marked = st.mark && st.mark.card === b.dataset.card;
        b.toggleAttribute("data-verdict", Boolean(marked));
        if (marked) b.setAttribute("data-verdict", st.mark.verdict);
      }
      drawTrick(pos, st.collect);
      [0, 1].forEach((team) => {
        scoreCells[team][0].textContent = pos.tricks_won[team];
        scoreCells[team][1].textContent = pos.points[team];
      });
      turn.textContent = playing === null ? ""
        : playing === lesson.learner ? t("your_turn") : t("seat_to_play", { seat: seatName(playing) });
      /* the next step's narration waits until its events have been shown */
      sayEl.textContent = words(lesson, lesson.nodes[st.told]).say || "";
      drawFeedback(st);
      nextRow.hidden = st.complete || moving || node.action !== "continue";
      done.hidden = !st.complete || moving;
      root.classList.toggle("is-moving", moving);
      if (!moving && (wantFocus || (hadFocus && !root.contains(document.activeElement)))) {
        wantFocus = false;
        focusPrimary(st, node);
      }
    }

    function focusPrimary(st, node) {
      const active = document.activeElement;
      if (st.complete) {
        (done.querySelector("[data-action], a") || doneTitle).focus();
      } else if (node.action === "continue") {
        nextButton.focus();
      } else if (!(active && hand.contains(active))) {
        const card = hand.querySelector("button[tabindex='0']");
        if (card) card.focus();
      }
    }

    function drawSeatCards(s, seat, pos) {
      const show = faceUp.has(seat) && pos.hands[seat] && pos.hands[seat].length ? pos.hands[seat] : null;
      const count = show ? show.length : hiddenCount(pos, seat);
      const key = show ? show.join(" ") : "#" + count;
      if (s.cards.dataset.key === key) return;
      s.cards.dataset.key = key;
      s.cards.setAttribute("data-face", show ? "up" : "down");
      s.cards.replaceChildren(...(show
        ? show.map((c) => cardImg("c-" + c, names[c] || c))
        : Array.from({ length: count }, () => cardImg("back", ""))));
      if (!show) {
        s.cards.append(h("span", { class: "visually-hidden" }, [t("cards_left", { seat: seatName(seat), count })]));
      }
    }

    /* A hidden hand holds one card per trick still to play: ten, less tricks done and its card on the table. */
    function hiddenCount(pos, seat) {
      const done = pos.tricks_won[0] + pos.tricks_won[1];
      const inTrick = (seat - pos.trick.leader + 4) % 4 < pos.trick.cards.length ? 1 : 0;
      return Math.max(0, 10 - done - inTrick);
    }

    /* cards already on the table when the lesson opens do not slide in */
    let entering = false;
    function drawTrick(pos, collect) {
      const wanted = pos.trick.cards.map((card, i) => [card, (pos.trick.leader + i) % 4]);
      const keep = new Set(pos.trick.cards);
      for (const el of Array.from(trick.children)) if (!keep.has(el.dataset.card)) el.remove();
      const have = new Set(Array.from(trick.children, (el) => el.dataset.card));
      /* only new cards are inserted: re-inserting a card would restart its slide-in */
      for (const [card, seat] of wanted) {
        if (have.has(card)) continue;
        trick.append(h("div", { class: "played", "data-card": card, "data-enter": entering,
          "data-pos": POSITIONS[relative(lesson, seat)] },
          [cardImg("c-" + card, t("played_by", { seat: seatName(seat), card: names[card] || card }))]));
      }
      entering = true;
      if (collect === null) trick.removeAttribute("data-collect");
      else trick.setAttribute("data-collect", POSITIONS[relative(lesson, collect)]);
    }

    let shownFid = -1;
    function drawFeedback(st) {
      const fresh = st.fid !== shownFid;
      if (fresh) {
        shownFid = st.fid;
        feedback.replaceChildren();
      }
      for (const item of st.feedback.slice(feedback.children.length)) {
        feedback.append(h("p", { "data-kind": item.kind }, [item.text]));
      }
      /* a refusal or hint answers a tap on the hand: on a phone the panel may be off-screen above it */
      if (fresh && st.mark && feedback.children.length) feedback.scrollIntoView({ block: "nearest" });
    }

    function onClick(event) {
      const target = event.target.closest("button");
      if (!target || !root.contains(target)) return;
      if (target.dataset.card) act((st, instant) => choose(lesson, st, target.dataset.card, instant));
      else if (target.dataset.action === "next") act((st, instant) => proceed(lesson, st, instant));
      else if (target.dataset.action === "restart") restart();
      else if (target.dataset.action === "next-lesson") window.location.href = nextUrl;
    }

    function restart() {
      clearTimeout(timer);
      timer = 0;
      update(() => initial(lesson));
    }

    widget.addEventListener("click", onClick);
    update(() => initial(lesson));
    root.setAttribute("data-lesson", lesson.id);
    return {
      restart,
      destroy() {
        clearTimeout(timer);
        cancelAnimationFrame(frame);
        widget.remove();
        if (walkthrough) walkthrough.hidden = false;
      },
    };
  }

  /* ---------- the lessons index ---------- */

  function markProgress(scope) {
    const done = completedIds();
    const t = strings();
    for (const el of scope.querySelectorAll("[data-lesson-progress]")) {
      if (!done.includes(el.getAttribute("data-lesson-progress"))) continue;
      el.setAttribute("data-done", "true");
      el.textContent = t("completed");
    }
  }

  window.tute.lessons = Array.from(document.querySelectorAll("section.lesson"), mount);
  window.tute.markProgress = markProgress;
  markProgress(document);
})();
