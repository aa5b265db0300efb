/* Tute per parelles in the browser: the lessons index's progress marks, on the helpers of
   widget-core.js. The lesson (lesson.js) keeps the ids of the completed lessons in
   localStorage["tute.lessons.completed"] ("Progress marks" in docs/formats.md); this reads
   them only, so a lesson page, which has no marks, does not load it. */
(function () {
  "use strict";

  const { strings, h } = window.tute;

  /* The ids stored, or none: no storage (private mode, file: quirks) marks nothing. */
  function stored() {
    try {
      return [].concat(JSON.parse(localStorage.getItem("tute.lessons.completed")) || []);
    } catch {
      return [];
    }
  }

  /* Mark each completed lesson, and offer the first one not done yet once some are. */
  function markProgress(scope) {
    const done = stored();
    const t = strings();
    let resume = null;
    for (const el of scope.querySelectorAll("[data-lesson-progress]")) {
      if (!done.includes(el.getAttribute("data-lesson-progress"))) {
        resume = resume || el;
        continue;
      }
      el.setAttribute("data-done", "true");
      el.textContent = t("completed");
    }
    const link = resume && done.length && resume.parentElement.querySelector("a[href]");
    const list = link && link.closest("ol, ul");
    if (!link || !list || scope.querySelector("[data-lesson-resume]")) return;
    const title = link.querySelector(".lesson-title");
    list.before(h("p", { class: "lesson-resume", "data-lesson-resume": "" }, [
      h("a", { class: "resume-link", href: link.getAttribute("href") },
        [t("resume", { title: (title || link).textContent.trim() })])]));
  }

  window.tute.markProgress = markProgress;
  markProgress(document);
})();
