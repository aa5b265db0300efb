"""Links between pages, worked out from the whole site: the header, hreflang alternates,
the lessons list and the lesson pager (the lines naming every language are rendered by
`language_links`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from site_builder.site import CHOOSER, LanguageSite, Page, Site


@dataclass(frozen=True, slots=True)
class Alternate:
    """An hreflang alternate of a page: a language's BCP 47 tag (or x-default) and its URL."""

    hreflang: str
    href: str


def absolute(site: Site, page: Page) -> str:
    """The public URL of a page, for canonical links, hreflang and the sitemap."""
    return site.config.base_url + page.path


def alternates(site: Site, key: str) -> list[Alternate]:
    """hreflang alternates of the page `key`: every language that has it, then x-default
    (the chooser). Every language's copy of a page has the same ones."""
    links = [
        Alternate(site.languages[code].language.tag, absolute(site, other))
        for code, other in site.cluster(key).items()
    ]
    links.append(Alternate("x-default", absolute(site, site.root_pages[CHOOSER])))
    return links


def nav(lang: LanguageSite, page: Page) -> dict[str, Any]:
    """Links of the header: home and the main pages that exist in this language.

    `current` is the link's `aria-current`: "page" on its own page, "true" on a lesson
    (inside "Learn to play"), None elsewhere.
    """
    pages = lang.pages
    section = "lessons" if page.lesson is not None else None
    return {
        "home": page.url_to(pages["home"]) if "home" in pages else None,
        "items": [
            {
                "key": key,
                "href": page.url_to(pages[key]),
                "current": "page" if key == page.key else "true" if key == section else None,
            }
            for key in ("lessons", "practice", "play", "rules", "faq")
            if key in pages
        ],
    }


def lesson_item(lang: LanguageSite, page: Page, key: str) -> dict[str, Any]:
    """A lesson as `page` links to it: its number, title, summary, length and link."""
    lesson_page = lang.pages[key]
    assert lesson_page.lesson is not None
    return {
        "id": lesson_page.lesson.id,
        "number": lesson_page.lesson.number,
        "title": lesson_page.title,
        "summary": lesson_page.description,
        "href": page.url_to(lesson_page),
        "steps": len(lesson_page.lesson.steps),
    }


def lesson_list(lang: LanguageSite, page: Page) -> list[dict[str, Any]]:
    """The lessons page's list, in lesson order."""
    return [lesson_item(lang, page, key) for key in lang.lesson_keys]


def practice_href(lang: LanguageSite, page: Page) -> str | None:
    """The link to the language's practice page, where there is one."""
    practice = lang.pages.get("practice")
    return page.url_to(practice) if practice else None


def play_href(lang: LanguageSite, page: Page) -> str | None:
    """The link to the language's "Play a hand" page, where there is one."""
    play = lang.pages.get("play")
    return page.url_to(play) if play else None


def pager(lang: LanguageSite, page: Page) -> dict[str, Any]:
    """A lesson page's links: the lessons page, and the previous and next lessons."""
    keys = lang.lesson_keys
    position = keys.index(page.key)
    previous = lang.pages[keys[position - 1]] if position > 0 else None
    following = lang.pages[keys[position + 1]] if position + 1 < len(keys) else None
    return {
        "total": len(keys),
        "index_href": page.url_to(lang.pages["lessons"]),
        "practice_href": practice_href(lang, page),
        "play_href": play_href(lang, page),
        "previous": _neighbour(page, previous),
        "next": _neighbour(page, following),
    }


def _neighbour(page: Page, other: Page | None) -> dict[str, str] | None:
    """A link to the previous or next lesson, if there is one."""
    return {"href": page.url_to(other), "title": other.title} if other else None
