/* Tute per parelles in the browser: the helpers the lesson (lesson.js) and the "try a card"
   rule example (example.js) share, on the one global `window.tute`. Each page loads this
   script first, then only the script it uses, all deferred: they run once the page is parsed. The markup contract is "Widget markup" in
   docs/formats.md. */
(function () {
  "use strict";

  const SCRIPT = document.currentScript;
  const CARDS_URL = SCRIPT ? new URL("cards.svg", SCRIPT.src).href : "cards.svg";

  function readJSON(el) {
    try {
      return el ? JSON.parse(el.textContent) : null;
    } catch {
      return null;
    }
  }

  /* The page's widget strings: `t(key, values)` fills a message's placeholders. A message
     with plural forms holds its `forms` and the one each count takes, `by_count`: the form
     of `values.count` is said. */
  function strings() {
    const data = readJSON(document.querySelector("script[data-widget-strings]")) || {};
    return (key, values) => {
      let text = data[key];
      const counts = text && text.by_count;
      if (counts) text = text.forms[counts[Math.min(values.count, counts.length - 1)]];
      return String(text || key).replace(/\{(\w+)\}/g, (m, name) =>
        values && name in values ? values[name] : m);
    };
  }

  function h(tag, attrs, children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== null && v !== undefined && v !== false) el.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children || []) el.append(child);
    return el;
  }

  function cardImg(fragment, alt, cls) {
    return h("img", { class: "card " + (cls || ""), src: CARDS_URL + "#" + fragment,
      width: 64, height: 100, alt: alt, draggable: "false" });
  }

  /* A row of card buttons with one tab stop: arrows move focus, Enter/Space play. */
  function rovingKeys(container) {
    container.addEventListener("keydown", (event) => {
      const buttons = Array.from(container.querySelectorAll("button[data-card]"));
      const at = buttons.indexOf(document.activeElement);
      if (at < 0) return;
      const moves = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
        Home: 0, End: buttons.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      const target = buttons[(moves[event.key] + buttons.length) % buttons.length];
      setRover(container, target.dataset.card);
      target.focus();
    });
  }

  function setRover(container, code) {
    const buttons = Array.from(container.querySelectorAll("button[data-card]"));
    const chosen = buttons.find((b) => b.dataset.card === code) || buttons[0];
    for (const b of buttons) {
      const index = b === chosen ? 0 : -1;
      /* written again, the same value would restyle; a new button has none yet */
      if (b.getAttribute("tabindex") !== String(index)) b.tabIndex = index;
    }
  }

  /* Keep one button per card, in `codes` order, reusing the existing ones so focus survives. */
  function syncCardButtons(container, codes, names) {
    const old = new Map(Array.from(container.querySelectorAll("button[data-card]"),
      (b) => [b.dataset.card, b]));
    const active = document.activeElement;
    const focused = active && container.contains(active) ? active.dataset.card : null;
    let rover = (container.querySelector("button[tabindex='0']") || {}).dataset;
    rover = rover && rover.card;
    if (focused && !codes.includes(focused)) {
      /* the focused card leaves the hand: hand focus to its neighbour before the hand
         changes, while it is laid out as painted (after, focus makes the browser lay the
         whole page out again at once, the longest part of a tap on a slow phone) */
      const oldOrder = Array.from(old.keys());
      const at = oldOrder.indexOf(focused);
      rover = oldOrder.slice(at + 1).concat(oldOrder.slice(0, at).reverse())
        .find((c) => codes.includes(c));
      if (rover) {
        setRover(container, rover);
        old.get(rover).focus({ preventScroll: true });
      }
    }
    /* the cards gone leave first, so the others are not moved (moved, each is painted again) */
    for (const [code, gone] of old) if (!codes.includes(code)) gone.remove();
    codes.forEach((code, i) => {
      const button = old.get(code) ||
        h("button", { type: "button", class: "card-button", "data-card": code },
          [cardImg("c-" + code, names[code] || code)]);
      if (container.children[i] !== button) container.insertBefore(button, container.children[i] || null);
    });
    setRover(container, rover);
  }

  window.tute = {
    POSITIONS: ["bottom", "right", "top", "left"],
    SEAT_KEYS: ["seat_you", "seat_right", "seat_partner", "seat_left"],
    /* seats as a sentence's subject; SEAT_KEYS are labels */
    SUBJECT_KEYS: ["seat_you", "subject_right", "subject_partner", "subject_left"],
    readJSON, strings, h, cardImg, rovingKeys, setRover, syncCardButtons,
  };
})();
