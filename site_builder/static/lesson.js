/* Tute per parelles in the browser: the playable lesson, on the helpers of widget-core.js
   (the lessons index's progress marks are progress.js's). No rules live here: every legal set, refusal,
   trick winner, cant and score comes from the compiled data the engine produced at build
   time. The markup contract is "Widget markup" in docs/formats.md.
   Three parts: pure state transitions (`model`), pure readings of a state for the screen
   (`view`), and the DOM code of `mount`, which only builds elements and applies a view. */
(function () {
  "use strict";

  const { POSITIONS, SEAT_KEYS, SUBJECT_KEYS, readJSON, strings, h, cardImg, rovingKeys, syncCardButtons } = window.tute;
  const STORE_KEY = "tute.lessons.completed";
  /* how long each beat stays on screen, in ms, before the next; times window.tute.pace */
  const BEAT_MS = { play: 450, trick: 1500, collect: 400, deal: 1200, cant: 1100, tute: 1300, hand_over: 800 };

  function completedIds() {
    try {
      const ids = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
      return Array.isArray(ids) ? ids : [];
    } catch {
      return [];
    }
  }

  function storeCompleted(id) {
    const ids = completedIds();
    if (ids.includes(id)) return;
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(ids.concat(id)));
    } catch {
      /* storage unavailable (private mode, file: quirks): completion is just not remembered */
    }
  }

  /* ---------- model: pure transitions of a lesson's state ---------- */

  /* The state: `node` the lesson is at; `narrated` the node whose narration shows (it waits
     for the events before it); `shown` the position on screen, `target` where the events
     lead, `queue` the events still to show; `held` the last finished trick, left on the table
     with its winner until the learner acts; `collecting` while it goes to its winner;
     `feedback` the lines said since the learner's last action; `mark` the card last tapped
     and its verdict; `badges` cants and tutes sung, by seat; `dealt` after a new deal;
     `deal` the hand's dealer and trump card; `review` while the last trick is shown again. */
  function initial(lesson) {
    restore(lesson);
    const position = lesson.nodes[lesson.start].state;
    return { node: lesson.start, narrated: lesson.start, shown: position, target: position, queue: [],
      held: null, collecting: false, badges: {}, feedback: [], feedbackId: 0, mark: null,
      complete: false, lastBeat: null, dealt: false, review: false,
      deal: { dealer: lesson.dealer, trump_card: lesson.trump_card } };
  }

  /* The data holds the first node's position only: every other follows from the events that
     lead to it. Fill in each node's `state` (and a last outcome's), once. */
  function restore(lesson) {
    const nodes = lesson.nodes || [];
    const todo = [[lesson.start, { dealer: lesson.dealer, trump_card: lesson.trump_card }]];
    while (todo.length) {
      const [index, deal] = todo.pop();
      const node = nodes[index];
      const outcomes = node.action === "play" ? Object.values(node.outcomes || {}) : [node.continue];
      for (const outcome of outcomes.filter(Boolean)) {
        let pos = node.state;
        let now = deal;
        for (const event of eventsOf(lesson, outcome)) {
          if (event.type === "deal") now = { dealer: event.dealer, trump_card: event.trump_card };
          pos = settled(pos, event, now.trump_card);
        }
        const next = nodes[outcome.next];
        if (!next) outcome.state = pos;
        else if (!next.state) {
          next.state = pos;
          todo.push([outcome.next, now]);
        }
      }
    }
  }

  /* The position after an event: a play takes its card from the hand to the trick and passes
     the turn to the next seat, or to nobody once the trick has four cards; a finished trick
     goes to its winner's team with its points (and the last trick's bonus), is remembered as
     the hand's last trick and gives its winner the turn; a cant adds its points; a deal
     brings its own position; a tute or the hand's end leaves the turn to nobody. */
  function settled(pos, event, trumpCard) {
    const { type, seat, card, winner } = event;
    if (type === "play") {
      const cards = pos.trick.cards.concat(card);
      return { ...pos, hands: pos.hands.map((hand, s) => (s === seat ? hand.filter((c) => c !== card) : hand)),
        trick: { leader: pos.trick.cards.length ? pos.trick.leader : seat, cards },
        turn: cards.length < 4 ? (seat + 1) % 4 : null, trump_played: pos.trump_played || card === trumpCard };
    }
    if (type === "trick") {
      const last = { leader: pos.trick.leader, cards: pos.trick.cards, winner };
      return scored({ ...pos, trick: { leader: winner, cards: [] }, last, turn: winner }, winner,
        event.points + (event.bonus || 0), 1);
    }
    if (type === "cant") return scored(pos, seat, event.points, 0);
    if (type === "deal") return event.state;
    return { ...pos, turn: null };
  }

  /* Add an event's points (and a trick, for trick events) to the scoring team: seat % 2. */
  function scored(pos, seat, points, tricks) {
    const team = seat % 2;
    const add = (list, n) => list.map((v, t) => (t === team ? v + n : v));
    return { ...pos, points: add(pos.points, points), tricks_won: add(pos.tricks_won, tricks) };
  }

  const busy = (st) => st.queue.length > 0 || st.shown !== st.target || st.collecting;

  /* A node's narration and hint are its step's, shared by every branch through the step. */
  const words = (lesson, node) => (lesson.steps || [])[node.step] || {};

  /* An outcome's events, which it names by their index in the lesson's table of events. */
  const eventsOf = (lesson, outcome) =>
    ((outcome && outcome.events) || []).map((index) => (lesson.events || [])[index]).filter(Boolean);

  /* Replace the feedback with one line: `text`, or the interface string `key`. */
  function say(st, kind, text, mark, key) {
    return { ...st, feedback: text || key ? [{ kind, text, key }] : [], feedbackId: st.feedbackId + 1, mark,
      review: false };
  }

  /* The learner taps a card: a refusal, a hint, "press Continue", or the card's outcome. */
  function choose(lesson, st, code, instant) {
    const node = lesson.nodes[st.node];
    if (busy(st) || st.complete) return st;
    if (node.action !== "play") return say(st, "wait", "", null, "press_continue");
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
    const queue = eventsOf(lesson, outcome);
    let next = { ...say(st, "event", "", null), node: done ? st.node : outcome.next,
      complete: done, target, queue, badges: {}, dealt: false };
    next = beat(next);
    while (instant && busy(next)) next = beat(next);
    return next;
  }

  /* One beat: the next event shows, but a held trick first goes to its winner when a card
     or a deal needs the table; with no event left, the outcome's position settles (a trick
     just won stays held on it, with cants and the hand's end said over it). */
  function beat(st) {
    const clears = st.queue.length && (st.queue[0].type === "play" || st.queue[0].type === "deal");
    if (st.held && !st.collecting && clears) return { ...st, collecting: true, lastBeat: "collect" };
    const base = st.collecting ? { ...st, held: null, collecting: false } : st;
    if (!base.queue.length) return { ...base, shown: base.target, narrated: base.node, lastBeat: null };
    const [event, ...queue] = base.queue;
    /* the position moves as `restore` works it out; the turn it gives shows once it settles */
    const next = { ...base, queue, lastBeat: event.type, shown: settled(base.shown, event, base.deal.trump_card) };
    const line = event.text ? { kind: "event", text: event.text } : event.type === "deal" ? { kind: "deal", key: "new_deal" } : null;
    if (line) next.feedback = base.feedback.concat(line);
    if (event.type === "trick") {
      next.held = next.shown.last;
    } else if (event.type === "cant") {
      next.badges = { ...base.badges, [event.seat]: { kind: "cant", suit: event.suit, points: event.points } };
    } else if (event.type === "tute") {
      next.badges = { ...base.badges, [event.seat]: { kind: "tute", rank: event.kind === "kings" ? 12 : 11 } };
    } else if (event.type === "deal") {
      next.dealt = true;
      next.badges = {};
      next.deal = { dealer: event.dealer, trump_card: event.trump_card };
    }
    return next;
  }

  /* Show the last finished trick again, or stop showing it; a trick still held is on the table. */
  function review(st) {
    if (busy(st) || st.held || !st.shown.last) return st;
    return { ...st, review: !st.review };
  }

  /* ---------- view: what a state shows, still pure ---------- */

  /* The narration: the step's words once its events have been shown, none while they are,
     so an instruction never stays up once it has been followed. */
  const narration = (lesson, st) => (busy(st) ? "" : words(lesson, lesson.nodes[st.narrated]).say || "");

  /* The seat the turn marker names: the learner only where a card is expected, another seat
     only on a continue step whose Continue makes it play; nobody while moving or at the end. */
  function toPlay(lesson, st) {
    const node = lesson.nodes[st.node];
    const seat = st.shown.turn;
    if (busy(st) || st.complete || seat === null || seat === undefined) return null;
    if (node.action === "play") return seat;
    const events = eventsOf(lesson, node.continue);
    return events.some((e) => e.type === "play" && e.seat === seat) ? seat : null;
  }

  /* The learner's hand: "play" when a card is expected, else "wait" (dimmed). */
  const handMode = (lesson, st) =>
    !busy(st) && !st.complete && lesson.nodes[st.node].action === "play" ? "play" : "wait";

  /* After a refusal, the cards the learner may play instead. */
  function playable(lesson, st) {
    const node = lesson.nodes[st.node];
    return st.mark && st.mark.verdict === "refused" && handMode(lesson, st) === "play" ? node.legal || [] : [];
  }

  /* The cards on the table, each with its seat: the trick being played, the one held, or the
     last one shown again. */
  function tableTrick(st) {
    const done = st.held || (st.review && st.shown.last) || null;
    const trick = done || st.shown.trick;
    return trick.cards.map((card, i) => {
      const seat = (trick.leader + i) % 4;
      return { card, seat, wins: Boolean(done) && done.winner === seat };
    });
  }

  /* The two cards of a cant, the four of a tute, as card codes. */
  function sungCards(badge) {
    if (badge.kind === "cant") return ["12" + badge.suit, "11" + badge.suit];
    return "oceb".split("").map((suit) => badge.rank + suit);
  }

  /* A hidden hand holds one card per trick still to play: ten, less the tricks done and its
     card on the table. */
  function hiddenCount(pos, seat) {
    const done = pos.tricks_won[0] + pos.tricks_won[1];
    const inTrick = (seat - pos.trick.leader + 4) % 4 < pos.trick.cards.length ? 1 : 0;
    return Math.max(0, 10 - done - inTrick);
  }

  /* What the completion screen counts: lessons done of all. */
  function progress(done, total) {
    return { done: Math.min(done, total || done), total: total || done };
  }

  /* ---------- the lesson: DOM ---------- */

  function mount(root) {
    const lesson = readJSON(root.querySelector("script[data-lesson-data]"));
    if (!lesson || !Array.isArray(lesson.nodes) || !lesson.nodes[lesson.start]) return null;
    /* a narration the walkthrough tells is not repeated in the data: it is read there */
    for (const el of root.querySelectorAll(".walkthrough [data-step-say]")) {
      const step = (lesson.steps || [])[el.dataset.stepSay];
      if (step && step.say === undefined) step.say = el.textContent;
    }
    const t = strings();
    const names = lesson.cards || {};
    const faceUp = new Set(lesson.face_up || []);
    const relative = (seat) => (seat - lesson.learner + 4) % 4;
    const seatName = (seat) => t(SEAT_KEYS[relative(seat)]);
    const subject = (seat) => t(SUBJECT_KEYS[relative(seat)]);
    let state = initial(lesson);
    /* the next draw: the frame it waits for, or, before the first, the task it runs in */
    let frame = 0;
    let drawn = false;
    let timer = 0;
    let wantFocus = false;

    const walkthrough = root.querySelector(".walkthrough");
    if (walkthrough) walkthrough.hidden = true;

    const seats = [0, 1, 2, 3].map((seat) => {
      const pos = POSITIONS[relative(seat)];
      const cards = h("div", { class: "seat-cards" });
      const badge = h("div", { class: "badge", hidden: true });
      const dealer = h("span", { class: "dealer", hidden: true }, [t("dealer")]);
      const head = h("div", { class: "seat-head" }, [h("span", { class: "seat-name" }, [seatName(seat)]), dealer]);
      /* a rival's cards are hidden; the partner's face up only for the lesson: say so */
      if (faceUp.has(seat)) head.append(h("span", { class: "face-up-note" }, [t("face_up_note")]));
      /* a seat whose cards show has them marked when sung: its badge is only words, in its head */
      const shows = seat === lesson.learner || faceUp.has(seat);
      if (shows) head.append(badge);
      const el = h("div", { class: "seat", "data-seat": seat, "data-pos": pos }, shows ? [head, cards] : [head, cards, badge]);
      return { el, cards, badge, head, dealer };
    });
    const hand = h("div", { class: "hand", role: "group", "aria-label": t("hand") });
    const turn = h("p", { class: "turn" });
    const mine = seats[lesson.learner];
    /* by the hand: the turn marker, and when the learner deals a badge that says so */
    mine.head.querySelector(".seat-name").remove();
    mine.dealer.textContent = t("you_deal");
    mine.head.prepend(turn);
    mine.cards.replaceWith(hand);
    const trick = h("div", { class: "trick", role: "group", "aria-label": t("trick") });
    /* the trump suit in words, and the card that set it, marked once it has been played */
    const trumpImg = cardImg("c-" + lesson.trump_card, "");
    const trumpPlayed = h("span", { class: "trump-played", hidden: true }, [t("trump_played")]);
    const trumpLabel = h("span", { class: "trump-label" });
    const trump = h("div", { class: "trump-card" }, [trumpImg, trumpPlayed, trumpLabel]);
    /* A control of the widget; `primary` for the one to go on. One with a sign instead of words
       has the words for assistive technology and on hover. */
    const button = (action, label, primary, sign) => h("button", { type: "button",
      class: primary ? "action primary" : "action", "data-action": action, title: sign && label },
    sign ? [sign, h("span", { class: "visually-hidden" }, [label])] : [label]);
    const lastButton = button("last-trick", t("last_trick"), false, h("span", { class: "stack", "aria-hidden": "true" },
      [h("span", { class: "back" }), h("span", { class: "back" })]));
    lastButton.setAttribute("aria-pressed", "false");
    const scoreCells = [0, 1].map(() => [h("td"), h("td")]);
    const us = lesson.learner % 2;
    const score = h("table", { class: "score" }, [
      h("caption", { class: "visually-hidden" }, [t("score")]),
      h("tr", {}, [h("td"), h("th", { scope: "col" }, [t("tricks")]), h("th", { scope: "col" }, [t("points")])]),
      ...[us, 1 - us].map((team) => h("tr", {}, [
        h("th", { scope: "row" }, [t(team === us ? "team_us" : "team_them")]), ...scoreCells[team]])),
    ]);
    const banner = h("p", { class: "deal-banner", "aria-hidden": "true", hidden: true }, [t("new_deal")]);
    const sayEl = h("p", { class: "say", "data-say": "" });
    const feedback = h("div", { class: "feedback", "data-feedback": "", "aria-live": "polite" });
    const nextButton = button("next", t("continue"), true);
    /* short signs in the coach's row */
    const restartButton = button("restart", t("restart"), false, h("span", { "aria-hidden": "true" }, ["\u21ba"]));
    const leaveButton = button("leave", t("leave_lesson"), false, h("span", { "aria-hidden": "true" }, ["\u2715"]));
    leaveButton.hidden = true;
    const startButton = button("start", t("start_lesson"), true);
    const nextUrl = root.getAttribute("data-next-url") || "";
    const indexUrl = root.getAttribute("data-lessons-url") || "";
    const total = Number(root.getAttribute("data-lessons-total")) || 0;
    /* the one control to go on from a finished lesson: to the next lesson, or back to all */
    const onward = nextUrl ? button("next-lesson", t("next_lesson"), true)
      : indexUrl ? h("a", { class: "action primary", href: indexUrl }, [t("back_to_lessons")]) : null;
    if (onward) onward.hidden = true;
    const done = completionScreen();
    const felt = h("div", { class: "felt", role: "group", "aria-label": t("table") },
      [h("div", { class: "corner" }, [trump]), h("div", { class: "tools" }, [lastButton]), ...seats.map((s) => s.el),
        trick, banner, done.el]);
    const coach = h("div", { class: "coach" }, [
      h("div", { class: "cell" }, [sayEl, sizer("say", (lesson.steps || []).map((step) => step.say))]),
      h("div", { class: "cell" }, [feedback, sizer("feedback", lines())]),
      h("div", { class: "coach-actions" }, [nextButton, onward || "", score, restartButton, leaveButton])]);
    const widget = h("div", { class: "widget" }, [felt, coach]);
    root.append(widget);
    /* the start control goes where the page keeps a place for it, near the top, else first */
    const place = document.querySelector("[data-lesson-start='" + lesson.id + "']");
    if (place) place.append(startButton);
    else root.prepend(startButton);
    rovingKeys(hand);

    /* Hidden copies of every text a coach cell may show, stacked in the cell: it keeps the
       height of the longest from the start, so the table above never changes size. */
    function sizer(kind, texts) {
      return h("div", { class: "sizer sizer-" + kind, "aria-hidden": "true" }, texts.map((text) => h("p", {}, [text])));
    }

    /* every line the feedback may show in this lesson */
    function lines() {
      const found = new Set([t("press_continue"), t("new_deal")]);
      for (const e of lesson.events || []) if (e.text) found.add(e.text);
      for (const r of lesson.reasons || []) found.add(r.message);
      for (const step of lesson.steps || []) if (step.hint) found.add(step.hint);
      return Array.from(found);
    }

    function completionScreen() {
      const title = h("p", { class: "done-title", tabindex: "-1" }, [t("complete")]);
      const scoreLine = h("p", { class: "done-score" });
      const progressLine = h("p", { class: "done-progress" });
      const recap = (lesson.recap || []).map((code) => cardImg("c-" + code, names[code] || code));
      const party = h("div", { class: "celebrate", "aria-hidden": "true" },
        "oceb".split("").map((suit) => cardImg("suit-" + suit, "", "pip")));
      const el = h("div", { class: "done", hidden: true }, [party, title,
        h("p", { class: "done-summary" }, [lesson.summary || ""]),
        recap.length ? h("div", { class: "recap", role: "group", "aria-label": t("recap") }, recap) : "",
        scoreLine, progressLine]);
      return { el, title, scoreLine, progressLine };
    }

    function update(fn) {
      const before = state;
      state = fn(state);
      if (state === before) return;
      root.setAttribute("data-step", String(lesson.nodes[state.node].step));
      root.setAttribute("data-status", state.complete ? "complete" : "playing");
      root.setAttribute("data-busy", String(busy(state)));
      if (state.complete && !before.complete) storeCompleted(lesson.id);
      /* the first draw is a task of its own, not part of a frame: the frame that lays the
         table out and paints its cards then comes apart from it and from the loading script,
         so that none of them keeps a slow phone busy long */
      if (!frame) frame = drawn ? requestAnimationFrame(draw) : setTimeout(draw);
      if (!timer && busy(state)) timer = setTimeout(pump, (BEAT_MS[state.lastBeat] || 0) * pace());
    }

    function pump() {
      timer = 0;
      update(beat);
    }

    /* window.tute.pace scales every beat; 0 shows an outcome at once, as reduced motion does */
    function pace() {
      const value = Number(window.tute.pace);
      return Number.isFinite(value) && value >= 0 ? value : 1;
    }

    function instant() {
      return pace() === 0 || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    }

    function act(fn) {
      wantFocus = root.contains(document.activeElement);
      const still = instant();
      root.toggleAttribute("data-still", still);
      update((st) => fn(st, still));
    }

    function draw() {
      frame = 0;
      drawn = true;
      const st = state;
      const pos = st.shown;
      const node = lesson.nodes[st.node];
      const moving = busy(st);
      const hadFocus = root.contains(document.activeElement);
      const playing = toPlay(lesson, st);
      const sung = new Set(Object.values(st.badges).flatMap(sungCards));
      for (const s of seats) {
        const seat = Number(s.el.dataset.seat);
        s.el.toggleAttribute("data-turn", playing === seat);
        s.dealer.hidden = st.deal.dealer !== seat;
        drawBadge(s, st.badges[seat]);
        if (seat !== lesson.learner) drawSeatCards(s, seat, pos);
        for (const img of s.cards.querySelectorAll("img[data-code]")) {
          img.toggleAttribute("data-sung", sung.has(img.dataset.code));
        }
      }
      drawHand(st, node, moving, sung);
      drawTrick(st);
      [0, 1].forEach((team) => {
        scoreCells[team][0].textContent = pos.tricks_won[team];
        scoreCells[team][1].textContent = pos.points[team];
      });
      turn.textContent = playing === null ? ""
        : playing === lesson.learner ? t("your_turn") : t("seat_to_play", { seat: subject(playing) });
      sayEl.textContent = narration(lesson, st);
      drawFeedback(st);
      drawTrump(st);
      lastButton.setAttribute("aria-pressed", String(st.review));
      lastButton.setAttribute("aria-disabled", String(review(st) === st));
      banner.hidden = !st.dealt || !moving;
      nextButton.hidden = st.complete || moving || node.action !== "continue";
      drawDone(st, moving);
      root.classList.toggle("is-moving", moving);
      if (!moving && (wantFocus || (hadFocus && !root.contains(document.activeElement)))) {
        wantFocus = false;
        focusPrimary(st, node);
      }
    }

    function drawHand(st, node, moving, sung) {
      syncCardButtons(hand, st.shown.hands[lesson.learner] || [], names);
      hand.setAttribute("data-mode", handMode(lesson, st));
      const open = new Set(playable(lesson, st));
      for (const b of hand.querySelectorAll("button[data-card]")) {
        const code = b.dataset.card;
        b.setAttribute("aria-disabled", String(moving || st.complete || node.action !== "play"));
        const marked = st.mark && st.mark.card === code;
        b.toggleAttribute("data-verdict", Boolean(marked));
        if (marked) b.setAttribute("data-verdict", st.mark.verdict);
        b.toggleAttribute("data-playable", open.has(code));
        b.toggleAttribute("data-sung", sung.has(code));
      }
    }

    function drawTrump(st) {
      const code = st.deal.trump_card;
      if (trumpImg.dataset.code !== code) {
        trumpImg.dataset.code = code;
        trumpImg.src = trumpImg.src.replace(/#.*$/, "#c-" + code);
        trumpImg.alt = names[code] || code;
        trumpLabel.textContent = { o: t("trumps_o"), c: t("trumps_c"), e: t("trumps_e"), b: t("trumps_b") }[code.slice(-1)];
      }
      trumpPlayed.hidden = !st.shown.trump_played;
      trump.toggleAttribute("data-played", Boolean(st.shown.trump_played));
    }

    function drawBadge(s, badge) {
      s.badge.hidden = !badge;
      if (!badge) return s.badge.replaceChildren();
      const text = badge.kind === "tute" ? t("tute_badge")
        : t("cant_badge", { points: badge.points, suit: (lesson.suits || {})[badge.suit] || badge.suit });
      if (s.badge.dataset.text === text) return;
      s.badge.dataset.text = text;
      s.badge.replaceChildren(h("span", {}, [text]));
      if (s.badge.parentElement === s.el) {
        s.badge.append(h("span", { class: "sung" }, sungCards(badge).map((code) => cardImg("c-" + code, ""))));
      }
    }

    function drawDone(st, moving) {
      const finished = st.complete && !moving;
      done.el.hidden = !finished;
      if (onward) onward.hidden = !finished;
      /* the completion screen says the final score: the onward control takes its room */
      score.hidden = finished;
      if (!finished) return;
      const pos = st.shown;
      done.scoreLine.textContent = t("final_score", { us: pos.points[us], them: pos.points[1 - us] });
      const count = progress(completedIds().length, total);
      done.progressLine.textContent = t("progress", count);
      done.progressLine.hidden = !count.total;
    }

    function focusPrimary(st, node) {
      const active = document.activeElement;
      const target = st.complete ? onward || done.title
        : node.action === "continue" ? nextButton
          : active && hand.contains(active) ? null : hand.querySelector("button[tabindex='0']");
      /* focus never scrolls: the table stays where the learner put it */
      if (target) target.focus({ preventScroll: true });
    }

    function drawSeatCards(s, seat, pos) {
      const show = faceUp.has(seat) && pos.hands[seat] && pos.hands[seat].length ? pos.hands[seat] : null;
      const count = show ? show.length : hiddenCount(pos, seat);
      const key = show ? show.join(" ") : "#" + count;
      if (s.cards.dataset.key === key) return;
      s.cards.dataset.key = key;
      s.cards.setAttribute("data-face", show ? "up" : "down");
      s.cards.replaceChildren(...(show
        ? show.map((c) => {
          const img = cardImg("c-" + c, names[c] || c);
          img.dataset.code = c;
          return img;
        })
        /* drawn by the stylesheet: an image each would cost the page a paint of its own */
        : Array.from({ length: count }, () => h("span", { class: "back" }))));
      if (!show) {
        s.cards.append(h("span", { class: "count", "aria-hidden": "true" }, [String(count)]),
          h("span", { class: "visually-hidden" }, [t("cards_left", { seat: subject(seat), count })]));
      }
    }

    /* A card on the table is named for assistive technology by its play's announcement,
       which says who played it; a card played before the lesson starts, by its name. */
    const told = {};
    for (const e of lesson.events || []) if (e.type === "play") told[e.seat + e.card] = e.text;
    const playedBy = (seat, card) => told[seat + card] || names[card] || card;

    /* cards already on the table when the lesson opens do not slide in */
    let entering = false;
    function drawTrick(st) {
      const wanted = tableTrick(st);
      const keep = new Set(wanted.map((p) => p.card));
      for (const el of Array.from(trick.children)) if (!keep.has(el.dataset.card)) el.remove();
      const have = new Map(Array.from(trick.children, (el) => [el.dataset.card, el]));
      /* only new cards are inserted: re-inserting a card would restart its slide-in */
      for (const { card, seat, wins } of wanted) {
        let el = have.get(card);
        if (!el) {
          el = h("div", { class: "played", "data-card": card, "data-enter": entering,
            "data-pos": POSITIONS[relative(seat)] },
            [cardImg("c-" + card, playedBy(seat, card))]);
          trick.append(el);
        }
        el.toggleAttribute("data-wins", wins);
        if (wins && !el.querySelector(".wins")) el.append(h("span", { class: "wins" }, [t("wins")]));
      }
      entering = true;
      const collect = st.collecting && st.held ? POSITIONS[relative(st.held.winner)] : null;
      trick.toggleAttribute("data-collect", Boolean(collect));
      if (collect) trick.setAttribute("data-collect", collect);
    }

    let shownFeedbackId = -1;
    function drawFeedback(st) {
      if (st.feedbackId !== shownFeedbackId) {
        shownFeedbackId = st.feedbackId;
        feedback.replaceChildren();
      }
      for (const item of st.feedback.slice(feedback.children.length)) {
        feedback.append(h("p", { "data-kind": item.kind }, [item.text || t(item.key)]));
      }
    }

    function onClick(event) {
      const target = event.target.closest("button");
      if (!target || !root.contains(target)) return;
      if (target.dataset.card) act((st, still) => choose(lesson, st, target.dataset.card, still));
      else if (target.dataset.action === "next") act((st, still) => proceed(lesson, st, still));
      else if (target.dataset.action === "restart") restart();
      else if (target.dataset.action === "last-trick") act((st) => review(st));
      else if (target.dataset.action === "next-lesson") window.location.href = nextUrl;
    }

    /* The lesson takes the whole screen from the learner's first tap in it, or from the start
       control, until Escape or the leave control: narration, table, hand and feedback together,
       whatever the phone's size or orientation. A dialog for assistive technology, with the rest
       of the page inert behind it. */
    let full = false;
    let inert = [];
    function setFull(on) {
      if (on === full) return;
      full = on;
      root.toggleAttribute("data-full", on);
      document.documentElement.toggleAttribute("data-lesson-full", on);
      leaveButton.hidden = !on;
      for (const [name, value] of [["role", "dialog"], ["aria-modal", "true"],
        ["aria-labelledby", root.getAttribute("aria-labelledby")]]) {
        if (on && value) widget.setAttribute(name, value);
        else widget.removeAttribute(name);
      }
      if (on) {
        for (let el = widget; el.parentElement && el !== document.body; el = el.parentElement) {
          for (const other of el.parentElement.children) {
            if (other !== el && !other.inert) {
              other.inert = true;
              inert.push(other);
            }
          }
        }
        wantFocus = true;
        if (!frame) frame = requestAnimationFrame(draw);
      } else {
        for (const el of inert) el.inert = false;
        inert = [];
        startButton.focus();
      }
    }

    startButton.addEventListener("click", () => setFull(true));
    document.addEventListener("keydown", (event) => {
      if (full && event.key === "Escape") setFull(false);
    });

    function restart() {
      clearTimeout(timer);
      timer = 0;
      update(() => initial(lesson));
    }

    /* Tabbing into the lesson brings all of it into view once, not just the focused control;
       the widget's own focus moves never scroll, and neither does a press of the pointer,
       which would move the button away between press and release and lose the click */
    widget.addEventListener("focusin", (event) => {
      if (full || (event.relatedTarget && widget.contains(event.relatedTarget))) return;
      if (!event.target.matches(":focus-visible")) return;
      const box = widget.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) {
        widget.scrollIntoView({ block: box.height <= window.innerHeight ? "start" : "nearest" });
      }
    });
    widget.addEventListener("click", (event) => {
      if (event.target.closest("[data-action='leave']")) return setFull(false);
      setFull(true);
      onClick(event);
    });
    update(() => initial(lesson));
    root.setAttribute("data-lesson", lesson.id);
    return {
      restart,
      destroy() {
        clearTimeout(timer);
        if (drawn) cancelAnimationFrame(frame);
        else clearTimeout(frame);
        setFull(false);
        widget.remove();
        startButton.remove();
        if (walkthrough) walkthrough.hidden = false;
      },
    };
  }

  window.tute.pace = window.tute.pace === undefined ? 1 : window.tute.pace;
  window.tute.lessonModel = { initial, restore, choose, proceed, beat, busy, review, narration, toPlay, handMode, playable,
    tableTrick, sungCards, hiddenCount, progress };
  window.tute.lessons = Array.from(document.querySelectorAll("section.lesson"), mount);
})();
