"""The real site's lesson pages and lessons index, rendered in memory from the lessons."""

from __future__ import annotations

import json
import posixpath
import re
from html import unescape

import pytest

from lesson_compiler import load_lessons
from lesson_compiler.compile import localize, prepare
from site_builder import Config, Report, render_site
from site_builder.config import PROJECT_ROOT
from tests.lessons.conftest import compiled_catalog

CONFIG = Config.for_project(PROJECT_ROOT)
LESSON_SECTION = re.compile(r"<section class=\"lesson\"([^>]*)>")


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    report = Report()
    built = render_site(CONFIG, report)
    assert report.errors == []
    return {path: data.decode("utf-8") for path, data in built.items() if path.endswith(".html")}


def _attributes(tag: str) -> dict[str, str]:
    return dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))


@pytest.mark.parametrize("lang", [language.code for language in CONFIG.languages])
def test_each_lesson_has_a_page_whose_widget_links_to_the_next(
    files: dict[str, str], lang: str
) -> None:
    lessons, problems = load_lessons(PROJECT_ROOT / "lessons", PROJECT_ROOT)
    assert problems == []
    pages = sorted(
        (
            path
            for path, html in files.items()
            if path.startswith(f"{lang}/") and 'class="lesson"' in html
        ),
        key=lambda path: int(path.split("/")[2].split("-")[0]),
    )
    assert [int(path.split("/")[2].split("-")[0]) for path in pages] == [
        lesson.number for lesson in lessons
    ]
    for number, (path, lesson) in enumerate(zip(pages, lessons, strict=True)):
        html = files[path]
        found = LESSON_SECTION.search(html)
        assert found is not None
        section = _attributes(found.group(1))
        assert section["data-lesson"] == lesson.id
        assert (section["data-status"], section["data-step"]) == ("playing", "0")
        assert section["aria-labelledby"] == "lesson-title"
        assert '<h1 id="lesson-title">' in html
        following = posixpath.normpath(
            posixpath.join(posixpath.dirname(path), section["data-next-url"])
        )
        if number + 1 < len(pages):
            assert following == pages[number + 1]
        else:
            assert section["data-next-url"] == ""
        data = re.search(r"<script type=\"application/json\" data-lesson-data>(.*?)</script>", html)
        assert data is not None
        compiled = json.loads(data.group(1))
        assert (compiled["id"], compiled["lang"]) == (lesson.id, lang)
        walkthrough = html.split('<div class="walkthrough">')[1].split("</section>")[0]
        start = compiled["nodes"][compiled["start"]]["state"]["hands"][compiled["learner"]]
        # the trump card, then the learner's cards (a lesson may begin late in a hand)
        assert walkthrough.count("<img ") >= 1 + len(start) >= 4
        assert "data-widget-strings" in html


@pytest.mark.parametrize("lang", [language.code for language in CONFIG.languages])
def test_the_walkthrough_names_each_card_as_the_widget_does(
    files: dict[str, str], lang: str
) -> None:
    """Card pictures are made once a language: each still shows its card, named in the
    page's language (escaped: "d'oros"); the learner's own plays and the trump card stay
    unnamed, since the sentence beside each names it, at the start and at each later deal."""
    pages = [html for path, html in files.items() if path.startswith(f"{lang}/")]
    for html in (html for html in pages if 'class="lesson"' in html):
        data = re.search(r"<script type=\"application/json\" data-lesson-data>(.*?)</script>", html)
        assert data is not None
        names = json.loads(data.group(1))["cards"]
        walkthrough = html.split('<div class="walkthrough">')[1].split("</section>")[0]
        images = re.findall(r'<img src="[^"#]*#c-(\w+)" alt="([^"]*)">', walkthrough)
        assert len(images) == walkthrough.count("<img ")
        named = [(code, unescape(alt)) for code, alt in images if alt]
        assert named and all(names[code] == alt for code, alt in named)
        plays = walkthrough.count('<p class="walk-play">')
        assert len(images) - len(named) == plays + walkthrough.count('<div class="walk-start">')
        start = walkthrough.split('<div class="walk-start">')[1].split("</div>")[0]
        trump = json.loads(data.group(1))["trump_card"]
        assert f'#c-{trump}" alt=""' in start


@pytest.mark.parametrize("lang", [language.code for language in CONFIG.languages])
def test_the_lessons_index_lists_every_lesson_with_a_progress_mark(
    files: dict[str, str], lang: str
) -> None:
    index = next(
        html
        for path, html in files.items()
        if path.startswith(f"{lang}/") and 'class="lesson-list"' in html
    )
    lessons, _problems = load_lessons(PROJECT_ROOT / "lessons", PROJECT_ROOT)
    marks = re.findall(r'<span class="lesson-progress" data-lesson-progress="([a-z-]+)">', index)
    assert marks == [lesson.id for lesson in lessons]
    assert re.search(r"static/widget-core\.\w+\.js", index)
    assert re.search(r"static/progress\.\w+\.js", index)


@pytest.mark.parametrize("lang", [language.code for language in CONFIG.languages])
def test_only_lesson_one_shows_the_deck_above_its_widget(files: dict[str, str], lang: str) -> None:
    pages = {
        path.split("/")[2].split("-")[0]: html
        for path, html in files.items()
        if path.startswith(f"{lang}/") and 'class="lesson"' in html
    }
    first = pages.pop("1")
    assert first.index('<details class="lesson-deck">') < first.index('<section class="lesson"')
    deck = first.split('<details class="lesson-deck">')[1].split("</details>")[0]
    shown = re.findall(r'<img src="\.\./\.\./\.\./static/cards\.\w+\.svg#c-(\w+)"', deck)
    assert [code[-1] for code in shown[::10]] == ["o", "c", "e", "b"]
    assert [code[:-1] for code in shown[:10]] == [
        "1",
        "3",
        "12",
        "11",
        "10",
        "7",
        "6",
        "5",
        "4",
        "2",
    ]
    assert sorted(shown) == sorted({*shown}) and len(shown) == 40
    figures = deck.split('<p class="deck-figures">')[1].split("</p>")[0]
    assert [int(n) for n in re.findall(r"\d+", figures)] == [10, 11, 12]
    assert all("lesson-deck" not in html for html in pages.values())
    assert not any(re.search(r"static/deck\.\w+\.css", html) for html in [first, *pages.values()])


@pytest.mark.parametrize("lang", [language.code for language in CONFIG.languages])
def test_the_home_page_starts_lesson_one_with_a_primary_button(
    files: dict[str, str], lang: str
) -> None:
    home = files[f"{lang}/index.html"]
    found = re.search(r'<a class="button-primary" href="([^"]+)">', home)
    assert found is not None
    target = posixpath.normpath(posixpath.join(lang, found.group(1)))
    assert 'data-lesson="cards"' in files[target]
    assert home.index("</h1>") < home.index('class="button-primary"') < home.index("</article>")


def test_the_lessons_index_gives_each_lessons_length_in_steps(files: dict[str, str]) -> None:
    lessons, _problems = load_lessons(PROJECT_ROOT / "lessons", PROJECT_ROOT)
    index = files["ca/aprendre-a-jugar/index.html"]
    lengths = re.findall(r'<span class="lesson-length">(\d+) passos</span>', index)
    assert [int(n) for n in lengths] == [len(lesson.steps) for lesson in lessons]


def test_a_lesson_page_holds_the_trump_label_of_its_lesson_only(files: dict[str, str]) -> None:
    """Every deal of a lesson keeps its trump suit, so its page needs one suit's label."""
    pages = [html for html in files.values() if 'class="lesson"' in html]
    assert pages
    for html in pages:
        data = re.search(r"<script type=\"application/json\" data-lesson-data>(.*?)</script>", html)
        strings = re.search(
            r"<script type=\"application/json\" data-widget-strings>(.*?)</script>", html
        )
        assert data is not None and strings is not None
        labels = {key for key in json.loads(strings.group(1)) if key.startswith("trumps_")}
        assert labels == {"trumps_" + json.loads(data.group(1))["trump"]}


def test_each_narration_is_written_once_in_the_walkthrough_where_the_widget_reads_it(
    files: dict[str, str],
) -> None:
    """The walkthrough tells every step (its main line passes through each); its narration,
    marked with the step's index, is the widget's too, so the data leaves it out. What the
    page holds, unescaped, is the compiler's narration in the page's language."""
    lessons, problems = load_lessons(PROJECT_ROOT / "lessons", PROJECT_ROOT)
    assert problems == []
    by_id = {lesson.id: lesson for lesson in lessons}
    catalogs = {
        language.code: tuple(
            compiled_catalog(language.code, domain) for domain in ("lessons", "game")
        )
        for language in CONFIG.languages
    }
    pages = 0
    for path, html in files.items():
        data = re.search(r"<script type=\"application/json\" data-lesson-data>(.*?)</script>", html)
        if data is None:
            continue
        pages += 1
        embedded = json.loads(data.group(1))
        walkthrough = html.split('<div class="walkthrough">')[1].split("</section>")[0]
        told = dict(re.findall(r'<p data-step-say="(\d+)">([^<]*)</p>', walkthrough))
        assert sorted(map(int, told)) == list(range(len(embedded["steps"]))), path
        assert all("say" not in step for step in embedded["steps"]), path
        lang = embedded["lang"]
        compiled = localize(prepare(by_id[embedded["id"]]), lang, *catalogs[lang])
        assert [unescape(told[str(i)]) for i in range(len(told))] == [
            step["say"] for step in compiled["steps"]
        ], path
    assert pages == 7 * len(CONFIG.languages)
