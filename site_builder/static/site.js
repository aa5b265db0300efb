/* Keep the section when switching language: anchors are the same in every language,
   so the switcher links carry the current location.hash. */
(function () {
  "use strict";
  function keepSection() {
    var links = document.querySelectorAll("a[data-lang-switch]");
    for (var i = 0; i < links.length; i += 1) {
      var href = links[i].getAttribute("href") || "";
      links[i].setAttribute("href", href.split("#")[0] + window.location.hash);
    }
  }
  keepSection();
  window.addEventListener("hashchange", keepSection);
})();
