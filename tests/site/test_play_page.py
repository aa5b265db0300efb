"""The "Play a hand" page as built: within its weight with every script it loads (the rules,
the bots and their worker included), the rules and bots shipped to it alone, its words in
every language; a site without the page ships none of them, and one whose script is missing
stops the build, naming it.

The page with all it loads is at most 30 KB gzipped, the goal the page was given, counted
file by file as a host sends them: one script (the rules, the bots, their worker, the site's
script, the widgets' core and the page's own, some 18.9 KB), one stylesheet (the site's and
the page's, 4.3 KB), the page itself (its words and card names, 4.1 KB), the card sheet
(2.5 KB) and the icon. It is a few bytes under the limit: what the page gains must be won
back elsewhere in it."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

from lesson_compiler.catalogs import CompiledCatalog, po_path, read_catalog
from site_builder import Config, Report, render_site
from site_builder.assets import minify_js, page_weight
from site_builder.config import PROJECT_ROOT
from site_builder.play import ENGINE_SCRIPTS, PLURAL_LIMIT, PluralForms
from tests.site.conftest import FIXTURE, fixture_config
from tests.site.test_weight import plain_name

GZIP_LIMIT = 30_000
LANGUAGES = Config.for_project(PROJECT_ROOT).languages
ENGINE = [
    minify_js((PROJECT_ROOT / "engine-js" / name).read_text("utf-8")).encode()
    for name in ENGINE_SCRIPTS
]
"""The rules, the bots and their worker as the build ships them."""


def _loads_the_engine(files: dict[str, bytes], path: str) -> list[bool]:
    """For each engine script, whether one of the files the page loads holds it."""
    loaded = [files[name] for name in page_weight(files, path)]
    return [any(script in data for data in loaded) for script in ENGINE]


def _play_pages(files: dict[str, bytes]) -> list[str]:
    return [
        path
        for path, data in files.items()
        if path.endswith(".html") and b'<section class="play" data-play' in data
    ]


def _data(html: bytes) -> dict[str, object]:
    found = re.search(rb"<script type=\"application/json\" data-play-data>(.*?)</script>", html)
    assert found is not None
    return dict(json.loads(found.group(1)))


def test_every_language_has_the_play_page(files: dict[str, bytes]) -> None:
    assert len(_play_pages(files)) == len(LANGUAGES)


def test_the_play_page_with_all_it_loads_stays_within_the_budget(
    files: dict[str, bytes],
) -> None:
    weights = {path: page_weight(files, path) for path in _play_pages(files)}
    compressed = {
        path: {name: len(gzip.compress(files[name], 9)) for name in weight}
        for path, weight in weights.items()
    }
    heaviest = max(compressed, key=lambda path: sum(compressed[path].values()))
    parts = ", ".join(
        f"{plain_name(name)} {size}" for name, size in sorted(compressed[heaviest].items())
    )
    print(f"heaviest play page: {heaviest}, {sum(compressed[heaviest].values())} bytes gzipped")
    print(f"  {parts}")
    assert all(_loads_the_engine(files, heaviest))
    over = {path: sum(sizes.values()) for path, sizes in compressed.items()}
    assert {path: size for path, size in over.items() if size > GZIP_LIMIT} == {}


def test_only_the_play_page_loads_the_rules_and_the_bots(files: dict[str, bytes]) -> None:
    play = set(_play_pages(files))
    for path in files:
        # the root 404 page links from the host's root, not from its folder
        if path.endswith(".html") and path not in play and path != "404.html":
            assert not any(_loads_the_engine(files, path)), path


def test_the_play_pages_words_are_in_the_pages_language(files: dict[str, bytes]) -> None:
    english = _data(next(files[p] for p in _play_pages(files) if p.startswith("en/")))
    for path in _play_pages(files):
        data = _data(files[path])
        assert set(data) == set(english)
        assert set(data["events"]) == set(english["events"])  # type: ignore[arg-type]
        plural = data["plural"]
        assert isinstance(plural, dict)
        assert {len(table) for table in plural.values()} == {PLURAL_LIMIT}
        if not path.startswith("en/"):
            same = {
                key
                for key, text in data["events"].items()  # type: ignore[attr-defined]
                if text == english["events"][key]  # type: ignore[index]
            }
            assert same == set(), path


def test_a_site_without_the_play_page_ships_no_engine_scripts(tmp_path: Path) -> None:
    root = tmp_path / "source"
    shutil.copytree(FIXTURE, root)
    report = Report()
    built = render_site(fixture_config(root), report)
    assert report.errors == []
    assert not any(script in data for script in ENGINE for data in built.values())


def test_a_missing_engine_script_stops_the_build_naming_it(tmp_path: Path) -> None:
    config = Config.for_project(PROJECT_ROOT)
    engine = tmp_path / "engine-js"
    engine.mkdir()
    for name in ENGINE_SCRIPTS[:-1]:
        (engine / name).write_text("", encoding="utf-8")
    report = Report()
    render_site(replace(config, engine_js_dir=engine), report)
    missing = engine / ENGINE_SCRIPTS[-1]
    assert [str(problem) for problem in report.errors] == [
        f"{missing}: the play page needs this script; it is missing"
    ]


def test_the_plural_table_says_each_numbers_form_as_the_catalog_does() -> None:
    for lang in ("fr", "en"):
        path = po_path(PROJECT_ROOT / "locales", lang, "site")
        catalog, problems = read_catalog(path, str(path), lang, "site")
        assert catalog is not None and problems == []
        compiled = CompiledCatalog(catalog, str(path))
        forms = PluralForms(compiled)
        plural = "In {n} tricks you had a better card to play."
        listed = forms.ngettext("In one trick you had a better card to play.", plural)
        for n in (0, 1, 2, 7, 130):
            index = int(forms.table[n])
            expected = compiled.ngettext("In one trick you had a better card to play.", plural, n)
            assert listed[index] == expected, (lang, n)
    # in English 1 takes the singular and 0 the plural
    assert PluralForms(compiled).table[:3] == "101"
