"""Every built page in a real Chromium: no console errors, no axe-core violations; the
language switcher keeps the section; the site works from disk; a phone-width screenshot."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from lesson_compiler import read_languages

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [language.code for language in read_languages(ROOT / "locales")]
LANGUAGE_NAMES = [language.name for language in read_languages(ROOT / "locales")]
LANGUAGE_TAGS = [language.tag for language in read_languages(ROOT / "locales")]


def _pages(site_dir: Path, prefix: str) -> list[str]:
    folder = site_dir / prefix
    return sorted(p.relative_to(site_dir).as_posix() for p in folder.rglob("index.html"))


def _violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{violation['id']}: {violation['help']} ({len(violation['nodes'])} nodes)"
        for violation in results.response["violations"]
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_of_a_language_loads_cleanly_and_passes_axe(
    page: Page, site_dir: Path, site_url: str, lang: str
) -> None:
    paths = _pages(site_dir, lang)
    assert len(paths) >= 5
    found: dict[str, list[str]] = {}
    for path in paths:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        assert page.locator("html").get_attribute("lang")
        assert page.locator("h1").count() == 1, path
        violations = _violations(page)
        if violations:
            found[path] = violations
    assert found == {}


def test_the_root_pages_load_cleanly_and_pass_axe(page: Page, site_url: str) -> None:
    for path in ("index.html", "404.html"):
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        assert _violations(page) == [], path
    page.goto(site_url)
    names = page.locator(".language-list .language-name").all_inner_texts()
    assert sorted(names) == sorted(LANGUAGE_NAMES)


@pytest.mark.parametrize(
    ("locale", "first"),
    [("fr-FR", "fr"), ("en-GB", "en"), ("en-US", "en"), ("pt-BR", "pt-PT"), ("de-DE", "ca")],
)
def test_the_root_pages_offer_the_browsers_language_first_without_redirecting(
    browser: Browser, site_url: str, locale: str, first: str
) -> None:
    """A language of the site moves to the top of the list; any other keeps the site's order."""
    context = browser.new_context(locale=locale)
    page = context.new_page()
    for path in ("", "404.html"):
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        assert page.url == site_url + path
        tags = page.locator(".language-list li").evaluate_all("items => items.map(i => i.lang)")
        assert tags[0] == first, path
        assert sorted(tags) == sorted(LANGUAGE_TAGS), path
    page.goto(site_url)
    names = page.locator(".language-list .language-name").all_inner_texts()
    if first == "ca":
        assert names == list(LANGUAGE_NAMES)
    context.close()


def test_the_language_switcher_keeps_the_section(page: Page, site_url: str) -> None:
    page.goto(site_url + "ca/regles/index.html#cants")
    page.locator('.languages a[hreflang="fr"]').click()
    page.wait_for_url("**/fr/regles/index.html#cants")
    assert page.locator("h2#cants").is_visible()
    page.goto(site_url + "fr/regles/index.html#tute")
    page.locator('.languages a[hreflang="pt-PT"]').click()
    page.wait_for_url("**/pt/regras/index.html#tute")


def test_the_site_works_opened_from_disk(page: Page, site_dir: Path) -> None:
    page.goto((site_dir / "es/reglas/index.html").as_uri())
    page.wait_for_load_state("load")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(251, 247, 239)"
    assert page.locator("figure.example .example-static[hidden]").count() >= 1
    page.locator(".site-nav a").first.click()
    assert page.url.endswith("/es/aprender-a-jugar/index.html")


def test_rules_page_at_phone_width(
    page: Page, site_url: str, screenshot: Callable[[Page, str], Path]
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "ca/regles/index.html")
    page.wait_for_load_state("load")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    path = screenshot(page, "rules-360")
    assert path.stat().st_size > 10_000


FAQ_TEXT = """() => [...document.querySelectorAll("main h2")].map((heading) => {
  const parts = [];
  for (let node = heading.nextElementSibling; node && node.tagName !== "H2";
       node = node.nextElementSibling) {
    parts.push(node.innerText);
  }
  return [heading.innerText, parts.join(" ")];
})"""


def _spaced(text: str) -> str:
    """`text` with its runs of spaces and line breaks made one space, as HTML shows them;
    no-break spaces (French puts them before `?` and `:`) are kept, and must match."""
    return re.sub(r"[ \t\n\r\f]+", " ", text).strip(" ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_structured_data_mirrors_the_visible_questions(
    page: Page, site_dir: Path, site_url: str, lang: str
) -> None:
    path = next(p for p in _pages(site_dir, lang) if "ld+json" in (site_dir / p).read_text())
    page.goto(site_url + path)
    data = json.loads(page.locator('script[type="application/ld+json"]').text_content() or "")
    shown = [(_spaced(question), _spaced(answer)) for question, answer in page.evaluate(FAQ_TEXT)]
    declared = [
        (_spaced(item["name"]), _spaced(item["acceptedAnswer"]["text"]))
        for item in data["mainEntity"]
    ]
    assert len(declared) >= 10
    assert declared == shown
