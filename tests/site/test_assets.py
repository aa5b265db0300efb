"""The build's minified static files: smaller, and meaning exactly what the sources mean."""

from __future__ import annotations

import gzip
import re
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from engine import DECK_SIZE, SUIT_LETTERS, card_code
from site_builder.assets import (
    ScriptError,
    fingerprinted,
    minify_css,
    minify_js,
    minify_scripts,
    minify_svg,
    precompressed,
    static_files,
    static_links,
    static_names,
)
from site_builder.config import STATIC_DIR

CSS_FILES = sorted(path.name for path in STATIC_DIR.glob("*.css"))
SVG = "{http://www.w3.org/2000/svg}"


def card_sheet() -> tuple[ElementTree.Element, dict[str | None, ElementTree.Element]]:
    """The card sheet's root element, and its elements by id."""
    root = ElementTree.parse(STATIC_DIR / "cards.svg").getroot()
    return root, {el.get("id"): el for el in root.iter() if el.get("id")}


def _no_space(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("name", CSS_FILES)
def test_minified_css_differs_from_its_source_only_in_comments_and_space(name: str) -> None:
    source = (STATIC_DIR / name).read_text(encoding="utf-8")
    minified = minify_css(source)
    assert len(minified) < len(source) * 0.85
    assert "/*" not in minified
    without_comments = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    expected = _no_space(re.sub(r"(?<![\w.])0\.(?=\d)", ".", without_comments))
    assert _no_space(minified) == expected.replace(";}", "}")


def test_css_keeps_the_spaces_that_mean_something() -> None:
    source = """/* a comment */
.header :focus-visible { outline: 1px solid; }
.a > .b + .c { width: calc(var(--w) * -0.8 + 10.5rem); }
.x::after { content: "a  /* not a comment */  b"; font-family: "Segoe UI", sans-serif; }
@media (min-width: 40rem) and (prefers-reduced-motion: reduce) { .y { margin: 0 auto ; } }
"""
    assert minify_css(source) == (
        ".header :focus-visible{outline:1px solid}"
        ".a>.b + .c{width:calc(var(--w) * -.8 + 10.5rem)}"
        '.x::after{content:"a  /* not a comment */  b";font-family:"Segoe UI",sans-serif}'
        "@media (min-width:40rem) and (prefers-reduced-motion:reduce){.y{margin:0 auto}}"
    )


def test_a_comment_between_two_words_still_separates_them() -> None:
    assert minify_css(".a/**/.b{margin:0/* x */auto}") == ".a .b{margin:0 auto}"


def _values(script: str) -> str:
    """What a script's variables hold, as Node prints them after running it."""
    shown = "console.log(JSON.stringify([url, pattern.source, half, text, tute.model.initial(2)]));"
    run = subprocess.run(["node", "-e", script + shown], capture_output=True, text=True, check=True)
    return run.stdout


def test_javascript_keeps_strings_template_literals_and_regular_expressions() -> None:
    source = """// first remark
const total = 12, count = 3;
const url = "http://example.org/a"; /* second remark */
const pattern = /\\{(\\w+)\\}\\/\\//g;
const half = total / 2 / count;
const text = `line one
  // not a comment
line three`;
const tute = { model: (function () {
  function initial(startingValue) { const doubledValue = startingValue * 2; return doubledValue; }
  return { initial };
})() };
"""
    minified = minify_js(source)
    assert "remark" not in minified
    assert "http://example.org/a" in minified
    assert "/\\{(\\w+)\\}\\/\\//g" in minified
    assert _values(minified) == _values(source)


def test_javascript_names_local_to_a_function_are_shortened_and_the_rest_kept() -> None:
    minified = minify_js(
        "(function () { const lessonModel = { initial: 1 };"
        " window.tute = { lessonModel, pace: lessonModel.initial + Number(window.x) }; })();"
    )
    assert "window.tute={lessonModel:" in minified
    assert "pace:" in minified and ".initial" in minified
    assert "const lessonModel" not in minified


def test_a_script_that_does_not_parse_is_named_with_its_line() -> None:
    with pytest.raises(ScriptError) as error:
        minify_scripts({"static/broken.js": "let a = 1;\nlet b = (;\n"})
    assert (error.value.path, error.value.line) == ("static/broken.js", 2)
    assert "Unexpected" in error.value.message


def test_svg_keeps_every_element_and_drops_comments_and_space_between_tags() -> None:
    source = (STATIC_DIR / "cards.svg").read_text(encoding="utf-8")
    minified = minify_svg(source)
    source = re.sub(r"<!--.*?-->", "", source, flags=re.S)
    assert "<!--" not in minified and not re.search(r">\s+<", minified)
    assert re.findall(r"<(\w+)", minified) == re.findall(r"<(\w+)", source)
    assert re.findall(r'id="([^"]+)"', minified) == re.findall(r'id="([^"]+)"', source)
    assert minify_svg("<text>\n  a  b\n</text>") == "<text>\n  a  b\n</text>"


def test_the_card_sheet_holds_each_card_as_a_hidden_target_and_each_suit_as_a_view() -> None:
    root, _ = card_sheet()
    shown_one_at_a_time = [
        card.get("id")
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "cards"
        for card in group
    ]
    deck = [f"c-{card_code(card)}" for card in range(DECK_SIZE)]
    assert sorted(shown_one_at_a_time) == sorted([*deck, "back"])
    style = root.find(f"{SVG}style")
    assert style is not None and ".cards>:target{display:inline}" in (style.text or "")
    views = [view.get("id") for view in root.iter(f"{SVG}view")]
    assert views == [f"suit-{suit}" for suit in SUIT_LETTERS]


def test_a_card_reaches_its_drawings_through_at_most_two_uses_and_has_no_text() -> None:
    """Each `<use>` a browser expands, and each line of text it lays out, costs it time for
    every card image it paints: shared drawings are referenced, not nested, and the indices
    are drawn as paths."""
    root, by_id = card_sheet()

    def depth(element: ElementTree.Element) -> int:
        refs = [use.get("href", "")[1:] for use in element.iter(f"{SVG}use")]
        return max((1 + depth(by_id[ref]) for ref in refs), default=0)

    cards = [by_id[f"c-{card_code(card)}"] for card in range(DECK_SIZE)]
    assert max(depth(card) for card in cards) == 2
    assert list(root.iter(f"{SVG}text")) == []


def test_the_card_sheet_stays_small_with_every_use_expanded() -> None:
    """A browser styles and walks every element of the sheet, each <use>'s copy included,
    each time it paints another card from it (the hidden cards' too): a card's pips drawn as
    markers on one path keep that under 1,200 (it was 5,121 with a <use> per pip, each
    holding the four suits' shapes with three hidden)."""
    root, by_id = card_sheet()

    def expanded(element: ElementTree.Element) -> int:
        return sum(
            1 + (expanded(by_id[el.get("href", "")[1:]]) if el.tag == f"{SVG}use" else 0)
            for el in element.iter()
        )

    assert expanded(root) < 1_200


def test_static_files_are_minified_by_type_and_the_rest_copied(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "font.woff2").write_bytes(b"\x00\x01 \n\x02")
    (tmp_path / "a.css").write_text("a {\n  color: red;\n}\n", encoding="utf-8")
    (tmp_path / "b.svg").write_text("<svg>\n  <g/>\n</svg>\n", encoding="utf-8")
    assert static_files(tmp_path) == {
        "static/a.css": b"a{color:red}",
        "static/b.svg": b"<svg><g/></svg>",
        "static/fonts/font.woff2": b"\x00\x01 \n\x02",
    }
    assert static_files(tmp_path) == static_files(tmp_path)


def test_static_files_are_named_by_content_and_every_reference_follows() -> None:
    static = {
        "static/site.css": b"a{}",
        "static/cards.svg": b"<svg/>",
        "static/core.js": b'new URL("cards.svg",s)',
    }
    renamed = static_names(static)
    out = dict(fingerprinted(path, data, renamed) for path, data in static.items())
    names = {re.sub(r"\.[0-9a-f]{10}\.", ".", path): path for path in out}
    assert sorted(names) == sorted(static)
    cards, core, site = names["static/cards.svg"], names["static/core.js"], names["static/site.css"]
    assert out[cards] == b"<svg/>" and cards != "static/cards.svg"
    assert out[core] == f'new URL("{cards[7:]}",s)'.encode()
    assert static_links("../static/", renamed) == {
        "site.css": f"../{site}",
        "cards.svg": f"../{cards}",
        "core.js": f"../{core}",
    }
    assert static_links("/tute/static/", renamed)["core.js"] == f"/tute/{core}"
    changed = static_names({**static, "static/cards.svg": b"<svg></svg>"})
    assert changed["static/site.css"] == site and changed["static/core.js"] != core


def test_text_files_get_a_reproducible_gzipped_copy_and_images_do_not() -> None:
    files = {"a/index.html": b"<p>hi</p>" * 50, "static/x.svg": b"<svg/>", "static/f.woff2": b"\0"}
    copies = precompressed(files)
    assert sorted(copies) == ["a/index.html.gz", "static/x.svg.gz"]
    assert gzip.decompress(copies["a/index.html.gz"]) == files["a/index.html"]
    assert copies == precompressed(files)
