/* Practice drills: runs of short questions drawn from a bank the engine wrote at build
   time. No rules and no sentences made here: every answer and tag is in the bank, and
   what each question says, its situation and the reasons of its answer, is in the texts
   written for the page's language; this script shows a question, compares the learner's
   answer with the bank's, marks the cards and keeps the score. The markup contract is
   "Practice page" in docs/formats.md. */
(function () {
  "use strict";

  const tute = window.tute;
  if (!tute) return;
  const { h, cardImg } = tute;
  const say = tute.strings();
  const words = tute.readJSON(document.querySelector("script[data-practice-data]"));
  const BEST_KEY = "tute.practice.best";
  const VERDICTS = ["right", "missed", "left_out", "wrong"];

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

  /* Each hand card's verdict after "check" in the legal drill: legal and chosen
     ("right"), legal and left out ("missed"), refused and left out ("left_out"), refused
     and chosen ("wrong"). */
  function legalVerdicts(item, selected) {
    const verdicts = {};
    for (const code of item.hand) {
      const legal = item.legal.includes(code);
      const chosen = selected.has(code);
      verdicts[code] = legal ? (chosen ? "right" : "missed") : chosen ? "wrong" : "left_out";
    }
    return verdicts;
  }

  /* Whether the verdicts make a right answer: no legal card missed, no refused one chosen. */
  function allRight(verdicts) {
    return Object.values(verdicts).every((v) => v === "right" || v === "left_out");
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

  /* A script that stores its data in window[variable][drill], for the site opened from
     disk, where `fetch` of a file is refused. */
  function loadByScript(src, variable, drill) {
    return new Promise((resolve, reject) => {
      const ready = () => (window[variable] || {})[drill];
      if (ready()) return resolve(ready());
      const script = h("script", { src });
      script.addEventListener("load", () => (ready() ? resolve(ready()) : reject()));
      script.addEventListener("error", reject);
      document.head.append(script);
    });
  }

  /* The published JSON over http(s), else the same data as a script. */
  function load(url, script, variable, drill) {
    if (location.protocol === "file:" || !window.fetch) return loadByScript(script, variable, drill);
    return fetch(url)
      .then((response) => (response.ok ? response.json() : Promise.reject()))
      .catch(() => loadByScript(script, variable, drill));
  }

  /* The bank and its texts in the page's language, item for item. */
  function loadBank(root) {
    const { drill, bank, bankScript, texts, textsScript } = root.dataset;
    return Promise.all([load(bank, bankScript, "tuteBanks", drill),
      load(texts, textsScript, "tuteTexts", drill)]).then(([items, said]) => {
      const list = (items && items.items) || [];
      const lines = (said && said.items) || [];
      if (!list.length || lines.length !== list.length) throw new Error("bank and texts differ");
      return list.map((item, i) => ({ ...item, said: lines[i] }));
    });
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
    const score = h("ul", { class: "drill-score", "data-score": "" });
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

    /* the score as labels, each beside its figure and kept on one line with it */
    function showScore() {
      const figures = [["score_right", say("score_right_of", state)],
        ["score_streak", String(state.streak)], ["score_best", String(state.best)]];
      score.replaceChildren(...figures.map(([label, figure]) => h("li", {},
        [h("span", { class: "drill-score-label" }, [say(label)]), " ", h("strong", {}, [figure])])));
    }

    /* A card to tap is a button; a card that only sets the question is a picture. Under a
       trick's card, who played it. */
    function cardNode(code, seat, active) {
      const content = [cardImg("c-" + code, name(code)),
        seat ? h("span", { class: "drill-seat" }, [seat]) : ""];
      if (!active) return h("span", { class: "drill-card", "data-card": code }, content);
      return h("button", { type: "button", class: "drill-card", "data-card": code,
        "aria-pressed": drill === "legal" ? "false" : null }, content);
    }

    function row(label, codes, seats, active) {
      const kind = seats.length ? "drill-row drill-trick" : "drill-row";
      const list = h("div", { class: kind, role: "group", "aria-label": label },
        codes.map((code, i) => cardNode(code, seats[i], active)));
      if (active) tute.rovingKeys(list);
      return [h("p", { class: "drill-label", "aria-hidden": "true" }, [label]), list];
    }

    function trickRow(trick, complete, active) {
      const count = trick.length - (complete ? 1 : 0);
      return row(say("table"), trick, trick.map((_, i) => seatOf(i, count)), active);
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
      const rows = [];
      let options = [];
      if (drill === "legal") {
        rows.push(...trickRow(item.trick, false, false), ...row(say("hand"), item.hand, [], true));
      } else if (drill === "winner") {
        rows.push(...trickRow(item.trick, true, true));
      } else if (drill === "points") {
        rows.push(...row(say("table"), item.trick, [], false));
        options = item.choices.map((value) => [String(value), String(value)]);
      } else {
        rows.push(...row(say("hand"), item.hand, [], false));
        options = words.cant_choices[item.trump];
      }
      lines.replaceChildren(...item.said.lines.map((line) => h("p", {}, [line])));
      lines.hidden = !item.said.lines.length;
      cards.replaceChildren(...rows);
      choices.replaceChildren(...options.map(([value, label]) => choiceButton(value, label)));
      choices.hidden = !options.length;
      choices.setAttribute("aria-label", say("title_" + drill));
      check.hidden = drill !== "legal";
      next.hidden = true;
      feedback.replaceChildren();
      feedback.removeAttribute("tabindex");
      showScore();
      const first = root.querySelector(".drill-row button, .drill-choice");
      if (first) first.focus();
    }

    /* Right or wrong, then the reasons the texts give: the same whatever was answered. */
    function answer(right, extra) {
      state = scored(state, right);
      saveBest(drill, state.best);
      root.dataset.status = "answered";
      feedback.dataset.result = right ? "right" : "wrong";
      feedback.replaceChildren(
        h("p", { class: "drill-verdict" }, [say(right ? "right" : "wrong")]),
        ...extra,
        ...item.said.why.map((line) => h("p", {}, [line])));
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

    /* Every card of the hand marked: playable, chosen or not, and refused, left out or
       chosen; a screen reader hears the same in a sentence; a key names the signs shown. */
    function checkLegal() {
      const verdicts = legalVerdicts(item, selected);
      for (const code of item.hand) {
        const button = cards.querySelector(`button[data-card="${code}"]`);
        button.dataset.verdict = verdicts[code];
        button.append(h("span", { class: "visually-hidden" },
          [" ", say("card_" + verdicts[code], { card: words.the_cards[code] })]));
      }
      const shown = VERDICTS.filter((v) => Object.values(verdicts).includes(v));
      const key = h("ul", { class: "drill-key", "aria-hidden": "true" },
        shown.map((v) => h("li", { "data-mark": v }, [say("mark_" + v)])));
      answer(allRight(verdicts), [key]);
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
        answer(code === winner, []);
      }
    }

    function tapChoice(button) {
      const value = button.dataset.choice;
      const expected = drill === "points" ? String(item.points)
        : item.answer.suit ? item.answer.kind + ":" + item.answer.suit : item.answer.kind;
      button.dataset.verdict = value === expected ? "right" : "wrong";
      const right = choices.querySelector(`[data-choice="${expected}"]`);
      if (right) right.dataset.verdict = "right";
      answer(value === expected, []);
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
          items = bank;
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
  tute.practice = { levelFor, pick, legalVerdicts, allRight, scored };
})();
