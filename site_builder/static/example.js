/* Tute per parelles in the browser: the "try a card" rule example boards, on the helpers of
   widget-core.js. Which cards are legal, and why the others are refused, comes from the
   data the engine produced at build time. The markup contract is "Widget markup" in
   docs/formats.md. */
(function () {
  "use strict";

  const { POSITIONS, SEAT_KEYS, SUBJECT_KEYS, readJSON, strings, h, cardImg, rovingKeys, setRover, syncCardButtons } =
    window.tute;

  /* What tapping `code` answers: legal, a refusal, or nothing for a card not in the hand. */
  function verdict(example, code) {
    if ((example.legal || []).includes(code)) return { verdict: "legal", message: null };
    const refusal = (example.refusals || {})[code];
    return refusal ? { verdict: "refused", message: refusal.message } : null;
  }

  function mountExample(figure) {
    const example = readJSON(figure.querySelector("script[data-example-data]"));
    if (!example || !Array.isArray(example.hand) || !Array.isArray(example.trick)) return null;
    const t = strings();
    const names = example.cards || {};
    const k = example.trick.length;
    const trick = h("div", { class: "trick", role: "group", "aria-label": t("trick") },
      example.trick.map((card, i) => {
        const rel = (((i - k) % 4) + 4) % 4;
        const who = t(SEAT_KEYS[rel]);
        return h("div", { class: "played", "data-card": card, "data-pos": POSITIONS[rel] }, [
          cardImg("c-" + card, t("played_by", { seat: t(SUBJECT_KEYS[rel]), card: (example.the_cards || {})[card] || names[card] || card })),
          h("span", { class: "played-by", "aria-hidden": "true" }, [who]),
        ]);
      }));
    const suit = (example.suits || {})[example.trump] || example.trump;
    const hand = h("div", { class: "hand", role: "group", "aria-label": t("hand") });
    const feedback = h("p", { class: "feedback", "data-feedback": "", "aria-live": "polite" }, [t("try_card")]);
    const board = h("div", { class: "board" }, [
      h("p", { class: "trump-suit" }, [cardImg("suit-" + example.trump, "", "pip"), t("trump_suit", { suit })]),
      trick, h("span", { class: "seat-name", "aria-hidden": "true" }, [t("hand")]), hand, feedback,
    ]);
    syncCardButtons(hand, example.hand, names);
    rovingKeys(hand);
    hand.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-card]");
      const answer = button && verdict(example, button.dataset.card);
      if (!answer) return;
      for (const b of hand.querySelectorAll("button[data-card]")) b.removeAttribute("data-verdict");
      button.setAttribute("data-verdict", answer.verdict);
      setRover(hand, button.dataset.card);
      feedback.textContent = answer.message || t("legal");
    });
    const still = figure.querySelector(".example-static");
    if (still) still.hidden = true;
    figure.insertBefore(board, figure.querySelector("figcaption"));
    return {
      destroy() {
        board.remove();
        if (still) still.hidden = false;
      },
    };
  }

  window.tute.examples = Array.from(document.querySelectorAll("figure[data-example]"), mountExample);
})();
