"""Every built page on the narrowest phone the site supports (320 px): nothing scrolls sideways.

Disclosures are opened first, so what they hide (lesson 1's deck figure) is measured too.
A failure names each offending page and the element reaching furthest past the screen.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, ViewportSize

from lesson_compiler import read_languages

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [language.code for language in read_languages(ROOT / "locales")]
ROOT_PAGES = ("index.html", "404.html")
NARROWEST: ViewportSize = {"width": 320, "height": 640}

OVERFLOW = """() => {
  for (const details of document.querySelectorAll("details")) details.open = true;
  const width = window.innerWidth;
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth <= width) return null;
  let widest = null;
  let right = width;
  for (const element of document.body.querySelectorAll("*")) {
    const edge = element.getBoundingClientRect().right;
    if (edge > right) {
      widest = element;
      right = edge;
    }
  }
  let name = "an element outside <body>";
  if (widest) {
    name = widest.localName + (widest.id ? "#" + widest.id : "");
    name += [...widest.classList].map((c) => "." + c).join("");
  }
  return `${scrollWidth} px wide on a ${width} px screen; ${name} ends at ${Math.round(right)} px`;
}"""


def _language_pages(site_dir: Path, lang: str) -> list[str]:
    """The built pages of one language, as paths relative to the site."""
    folder = site_dir / lang
    return sorted(p.relative_to(site_dir).as_posix() for p in folder.rglob("index.html"))


def test_no_page_scrolls_sideways_on_a_320px_screen(
    page: Page, site_dir: Path, site_url: str
) -> None:
    lessons = len(list((ROOT / "lessons").glob("*.toml")))
    paths = list(ROOT_PAGES)
    for lang in LANGUAGES:
        found = _language_pages(site_dir, lang)
        pages = len(list((ROOT / "locales" / lang / "pages").glob("*.md")))
        assert len(found) == pages + lessons, f"{lang}: built pages {found}"
        paths += found
    page.set_viewport_size(NARROWEST)
    overflowing: list[str] = []
    for path in paths:
        page.goto(site_url + path)
        problem = page.evaluate(OVERFLOW)
        if problem:
            overflowing.append(f"{path}: {problem}")
    assert not overflowing, "pages wider than the screen:\n" + "\n".join(overflowing)
