/* Practice drills: runs of short questions drawn from a bank the engine wrote at build
   time. No rules here: every answer, refusal reason and tag is in the bank; this script
   shows a question, compares the learner's answer with the bank's and keeps the score.
   The markup contract is "Practice page" in docs/formats.md. */
(function () {
  "use strict";

  const tute = window.tute;
  if (!tute) return;
  const { h, cardImg } = tute;
  const say = tute.strings();
  const words = tute.readJSON(document.querySelector("script[data-practice-data]"));
  const BEST_KEY = "tute.practice.best";

  /* -- pure pieces ------------------------------------------------------- */

  /* The difficulty of the next question: level 1 first, then 2, then 3. */
  function levelFor(asked) {
    return asked < 3 ? 1 : asked < 7 ? 2 : 3;
  }

  /* The index of a random unused item of the run's current level (any unused one when
     that level is exhausted, any at all once every item was asked). */
  function pick(items, asked, used, random) {
    const unused = items.map((_, i) => i).filter((i) => !used.has(i));
    const pool = unused.length ? unused : items.map((_, i) => i);
    const level = levelFor(asked);
    const atLevel = pool.filter((i) => items[i].level === level);
    const from = atLevel.length ? atLevel : pool;
    return from[Math.floor(random() * from.length)];
  }

  /* Each hand card's verdict after "check" in the legal drill. */
  function legalVerdicts(item, selected) {
    const verdicts = {};
    for (const code of item.hand) {
      const legal = item.legal.includes(code);
      verdicts[code] = legal === selected.has(code) ? "right" : legal ? "missed" : "wrong";
    }
    return verdicts;
  }

  /* The run's score after one more answer. */
  function scored(score, right) {
    const streak = right ? score.streak + 1 : 0;
    return { asked: score.asked + 1, right: score.right + (right ? 1 : 0), streak,
      best: Math.max(score.best, streak) };
  }

  /* -- words -------------------------------------------------------------- */

  function name(code) {
    return words.cards[code] || code;
  }

  function seatOf(index, count) {
    /* with `count` cards before the learner's, card i was played count - i seats before */
    return say(tute.SEAT_KEYS[(index - count + 4) % 4]);
  }

  function reasonText(item, reason) {
    const led = item.trick[0].slice(-1);
    return String(words.reasons[reason] || reason)
      .replace("{suit}", words.suits[led])
      .replace("{of_suit}", words.of_suits[led])
      .replace("{card}", words.the_cards[item.trick[item.best]]);
  }

  function cantText(answer) {
    if (answer.kind === "none" || answer.kind === "tute") return say("cant_" + answer.kind);
    return say("cant_pair", { points: words.points[answer.kind], suit: words.suits[answer.suit] });
  }

  function choiceOf(answer) {
    return answer.suit ? answer.kind + ":" + answer.suit : answer.kind;
  }

  /* -- storage (works without it) ----------------------------------------- */

  function readBest() {
    try {
      return JSON.parse(localStorage.getItem(BEST_KEY)) || {};
    } catch {
      return {};
    }
  }

  function saveBest(drill, best) {
    try {
      const all = readBest();
      all[drill] = Math.max(all[drill] || 0, best);
      localStorage.setItem(BEST_KEY, JSON.stringify(all));
    } catch {
      /* private mode or storage off: the best streak lasts the visit */
    }
  }

  /* -- loading the bank ---------------------------------------------------- */

  function loadByScript(root) {
    const drill = root.dataset.drill;
    return new Promise((resolve, reject) => {
      const ready = () => (window.tuteBanks || {})[drill];
      if (ready()) return resolve(ready());
      const script = h("script", { src: root.dataset.bankScript });
      script.addEventListener("load", () => (ready() ? resolve(ready()) : reject()));
      script.addEventListener("error", reject);
      document.head.append(script);
    });
  }

  /* The published JSON over http(s); the same data as a script where `fetch` of a file
     is refused (the site opened from disk). */
  function loadBank(root) {
    if (location.protocol === "file:" || !window.fetch) return loadByScript(root);
    return fetch(root.dataset.bank)
      .then((response) => (response.ok ? response.json() : Promise.reject()))
      .catch(() => loadByScript(root));
  }

  /* -- one drill ------------------------------------------------------------ */

  function mount(root) {
    const drill = root.dataset.drill;
    const worksheet = root.querySelector(".worksheet");
    const start = h("button", { type: "button", class: "drill-start", "data-action": "start" },
      [say("start")]);
    /* a new question's situation (trump, what was sung) is read out as it appears */
    const lines = h("div", { class: "drill-lines", "aria-live": "polite" });
    const cards = h("div", { class: "drill-cards" });
    const choices = h("div", { class: "drill-choices", role: "group" });
    const check = h("button", { type: "button", class: "drill-button", "data-action": "check" },
      [say("check")]);
    const next = h("button", { type: "button", class: "drill-button drill-next",
      "data-action": "next" }, [say("next")]);
    const feedback = h("div", { class: "drill-feedback", "data-feedback": "", "aria-live": "polite" });
    const score = h("p", { class: "drill-score", "data-score": "" });
    /* the feedback comes before the controls, so it shows where the board keeps room for
       it and Next is the last thing on the screen, under the thumb */
    const board = h("div", { class: "drill-board", hidden: true },
      [lines, cards, choices, feedback, h("div", { class: "drill-controls" }, [check, next]), score]);
    root.querySelector(".drill-task").after(start, board);
    root.dataset.status = "idle";

    let items = [];
    let item = null;
    let used = new Set();
    let selected = new Set();
    let state = { asked: 0, right: 0, streak: 0, best: readBest()[drill] || 0 };

    /* each sentence in a span that CSS keeps whole, so "Best streak: 3" never breaks */
    function showScore() {
      const sentences = say("score", state).split(/(?<=[.!?]) /);
      score.replaceChildren(...sentences.flatMap((text, i) => [i ? " " : "", h("span", {}, [text])]));
    }

    /* A card as a button (inert when not `active`), with who played it under a trick's. */
    function cardButton(code, seat, active) {
      return h("button", { type: "button", class: "drill-card", "data-card": code,
        "aria-disabled": active ? null : "true",
        "aria-pressed": drill === "legal" && active ? "false" : null },
      [cardImg("c-" + code, name(code)),
        seat ? h("span", { class: "drill-seat" }, [seat]) : ""]);
    }

    function row(label, codes, seats, active) {
      const kind = seats.length ? "drill-row drill-trick" : "drill-row";
      const list = h("div", { class: kind, role: "group", "aria-label": label },
        codes.map((code, i) => cardButton(code, seats[i], active)));
      if (active) tute.rovingKeys(list);
      return [h("p", { class: "drill-label", "aria-hidden": "true" }, [label]), list];
    }

    function trickRow(trick, complete, active) {
      const count = trick.length - (complete ? 1 : 0);
      return row(say("table").replace(/\s*:$/, ""), trick, trick.map((_, i) => seatOf(i, count)), active);
    }

    function handRow(hand, active) {
      return row(say("hand").replace(/\s*:$/, ""), hand, [], active);
    }

    function choiceButton(value, label) {
      return h("button", { type: "button", class: "drill-choice", "data-choice": value }, [label]);
    }

    function ask() {
      const index = pick(items, state.asked, used, Math.random);
      used.add(index);
      item = items[index];
      selected = new Set();
      root.dataset.item = String(index);
      root.dataset.status = "asking";
      const text = [say("trump", { suit: words.suits[item.trump] })];
      const rows = [];
      const options = [];
      if (drill === "legal") {
        rows.push(...trickRow(item.trick, false, false), ...handRow(item.hand, true));
      } else if (drill === "winner") {
        rows.push(...trickRow(item.trick, true, true));
      } else if (drill === "points") {
        text.length = 0;
        if (item.last) text.push(say("last_trick"));
        rows.push(...row(say("table").replace(/\s*:$/, ""), item.trick, [], false));
        for (const value of item.choices) options.push(choiceButton(String(value), String(value)));
      } else {
        text.push(item.sung.length
          ? say("sung", { suits: item.sung.map((s) => words.suits[s]).join(", ") })
          : say("sung_none"));
        rows.push(...handRow(item.hand, false));
        const suits = words.suit_order.split("");
        const pairs = [{ kind: "forty", suit: item.trump }].concat(
          suits.filter((s) => s !== item.trump).map((s) => ({ kind: "twenty", suit: s })));
        for (const answer of [{ kind: "none" }, ...pairs, { kind: "tute" }]) {
          options.push(choiceButton(choiceOf(answer), cantText(answer)));
        }
      }
      lines.replaceChildren(...text.map((line) => h("p", {}, [line])));
      lines.hidden = !text.length;
      cards.replaceChildren(...rows);
      choices.replaceChildren(...options);
      choices.hidden = !options.length;
      choices.setAttribute("aria-label", say("title_" + drill));
      check.hidden = drill !== "legal";
      next.hidden = true;
      feedback.replaceChildren();
      feedback.removeAttribute("tabindex");
      showScore();
      const first = root.querySelector(".drill-row button:not([aria-disabled]), .drill-choice");
      if (first) first.focus();
    }

    function answer(right, details) {
      state = scored(state, right);
      saveBest(drill, state.best);
      root.dataset.status = "answered";
      feedback.dataset.result = right ? "right" : "wrong";
      feedback.replaceChildren(
        h("p", { class: "drill-verdict" }, [say(right ? "right" : "wrong")]),
        ...details.map((line) => h("p", {}, [line])));
      for (const button of root.querySelectorAll(".drill-board button[data-card], .drill-choice")) {
        button.setAttribute("aria-disabled", "true");
      }
      check.hidden = true;
      next.hidden = false;
      showScore();
      /* feedback longer than the room the board keeps for it scrolls: the keyboard may too */
      if (feedback.scrollHeight > feedback.clientHeight) feedback.tabIndex = 0;
      next.focus();
    }

    function checkLegal() {
      const verdicts = legalVerdicts(item, selected);
      /* the refused cards chosen, grouped by reason: one sentence per rule */
      const refused = new Map();
      for (const code of item.hand) {
        const button = cards.querySelector(`button[data-card="${code}"]`);
        if (button) button.dataset.verdict = verdicts[code];
        if (verdicts[code] !== "wrong") continue;
        const reason = item.reasons[code];
        refused.set(reason, (refused.get(reason) || []).concat(name(code)));
      }
      const details = [say("may_play", { cards: item.legal.map(name).join(", ") })];
      for (const [reason, names] of refused) {
        details.push(say("refused", { card: names.join(", "), reason: reasonText(item, reason) }));
      }
      answer(Object.values(verdicts).every((v) => v === "right"), details);
    }

    function tapCard(button) {
      const code = button.dataset.card;
      if (drill === "legal") {
        if (selected.has(code)) selected.delete(code); else selected.add(code);
        button.setAttribute("aria-pressed", String(selected.has(code)));
      } else if (drill === "winner") {
        const winner = item.trick[item.winner];
        button.dataset.verdict = code === winner ? "right" : "wrong";
        cards.querySelector(`button[data-card="${winner}"]`).dataset.verdict = "right";
        const why = item.tags.includes("suit") ? "winner_suit" : "winner_trump";
        answer(code === winner, [say("winner", { card: name(winner) }), say(why)]);
      }
    }

    function tapChoice(button) {
      const value = button.dataset.choice;
      const expected = drill === "points" ? String(item.points) : choiceOf(item.answer);
      button.dataset.verdict = value === expected ? "right" : "wrong";
      const right = choices.querySelector(`[data-choice="${expected}"]`);
      if (right) right.dataset.verdict = "right";
      const detail = drill === "points"
        ? say(item.last ? "points_last" : "points", { points: item.points, bonus: words.points.bonus })
        : say("you_sing", { cant: cantText(item.answer) });
      answer(value === expected, [detail]);
    }

    root.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !root.contains(button) || button.getAttribute("aria-disabled")) return;
      const action = button.dataset.action;
      if (action === "start") {
        root.dataset.status = "loading";
        start.disabled = true;
        start.textContent = say("loading");
        loadBank(root).then((bank) => {
          items = (bank && bank.items) || [];
          if (!items.length) throw new Error("empty bank");
          start.hidden = true;
          worksheet.hidden = true;
          board.hidden = false;
          ask();
          /* the drill's top at the screen's, so the room the board keeps below its
             question for the feedback is on screen: with its heading when that fits */
          const margin = parseFloat(getComputedStyle(root).scrollMarginTop) || 0;
          const whole = root.offsetHeight + margin <= innerHeight;
          (whole ? root : board).scrollIntoView({ block: "start" });
        }).catch(() => {
          /* say so, and let a tap on the button try again */
          root.dataset.status = "failed";
          start.disabled = false;
          start.textContent = say("load_failed");
        });
      } else if (action === "check" && root.dataset.status === "asking") {
        checkLegal();
      } else if (action === "next" && root.dataset.status === "answered") {
        ask();
      } else if (button.dataset.card && root.dataset.status === "asking") {
        tapCard(button);
      } else if (button.dataset.choice && root.dataset.status === "asking") {
        tapChoice(button);
      }
    });
  }

  if (words) {
    for (const root of document.querySelectorAll("[data-drill]")) mount(root);
  }
  /* the pure pieces, for tests */
  tute.practice = { levelFor, pick, legalVerdicts, scored };
})();
