/* The root pages list every language of the site. When one of the browser's preferred
   languages is among them, offer it first: the entry moves to the top of the list. No
   redirect: the visitor still chooses, and every language stays one tap away. */
(function () {
  "use strict";
  function primary(tag) {
    return tag.toLowerCase().split("-")[0];
  }
  function preferredEntry(entries, wanted) {
    for (var i = 0; i < wanted.length; i += 1) {
      var tag = String(wanted[i]).toLowerCase();
      var sameLanguage = null;
      for (var j = 0; j < entries.length; j += 1) {
        var entryTag = (entries[j].getAttribute("lang") || "").toLowerCase();
        if (entryTag === tag) {
          return entries[j];
        }
        if (sameLanguage === null && primary(entryTag) === primary(tag)) {
          sameLanguage = entries[j];
        }
      }
      if (sameLanguage !== null) {
        return sameLanguage;
      }
    }
    return null;
  }
  var list = document.querySelector(".language-list");
  if (!list) {
    return;
  }
  var wanted = navigator.languages && navigator.languages.length
    ? navigator.languages
    : [navigator.language || ""];
  var entry = preferredEntry(list.querySelectorAll("li[lang]"), wanted);
  if (entry && entry !== list.firstElementChild) {
    list.insertBefore(entry, list.firstElementChild);
  }
})();
