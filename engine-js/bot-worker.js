// The machine players in a Web Worker, so that a page never blocks while a bot thinks.
//
// The play page's script bundles this file after rules.js and bots.js, and the page starts
// its worker from that same script, so the rules and the bots are there already. One message
// per question: {id, kind, request, options} with kind "choose" (a bot's card and why), "hint"
// (the searching bot's card, why and every card's worth) or "evaluate" (every legal card's
// expected points for the seat's team). The answer is {id, result}, or {id, error} with the
// message of a bad request. In a page (no importScripts) the file does nothing.
"use strict";

if (typeof importScripts === "function") {
  const KINDS = ["choose", "hint", "evaluate"];

  self.onmessage = (event) => {
    const { id, kind, request, options } = event.data || {};
    try {
      if (!KINDS.includes(kind)) throw new Error(`kind must be one of ${KINDS.join(", ")}`);
      self.postMessage({ id, result: self.TuteBots[kind](request, options) });
    } catch (error) {
      self.postMessage({ id, error: String(error && error.message) });
    }
  };
}
