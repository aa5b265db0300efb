"""The Markdown dialect: anchors, constants, targets and tables, on small page bodies."""

from __future__ import annotations

from site_builder.markdown import Link, PageEnv, create_markdown, parse, render
from site_builder.report import Report


class _Context:
    """A page context that names targets plainly, for unit tests."""

    def link_url(self, link: Link) -> str:
        return f"{link.kind}/{link.target}#{link.anchor}"

    def example(self, example: object) -> str:
        return "<example>"

    def deck(self) -> str:
        return "<deck>"


def _page(body: str) -> tuple[str, PageEnv]:
    md = create_markdown()
    env = PageEnv("page.md", 10, Report())
    tokens = parse(md, env, body)
    return render(md, tokens, _Context()), env


def test_heading_anchor_becomes_the_id_and_leaves_the_text() -> None:
    html, env = _page("## Els cants {#cants}\n")
    assert html == '<h2 id="cants">Els cants</h2>\n'
    assert [(a.id, a.level, a.line) for a in env.anchors] == [("cants", 2, 10)]


def test_a_section_heading_without_anchor_warns() -> None:
    _html, env = _page("# Title\n\n## Section\n")
    assert [str(w) for w in env.report.warnings] == [
        "page.md: line 12: section heading without an anchor {#id}"
    ]


def test_constants_and_lines_inside_a_paragraph() -> None:
    html, env = _page("Una mà\nval {{hand_points}} i {{nope}}.\n")
    assert html == "<p>Una mà\nval 130 i .</p>\n"
    assert next(str(e) for e in env.report.errors).startswith(
        "page.md: line 11: unknown constant {{nope}}"
    )


def test_targets_are_resolved_by_the_page_context() -> None:
    html, env = _page("[a](page:rules#cants) [b](lesson:follow) [c](#tie)\n")
    assert 'href="page/rules#cants"' in html
    assert 'href="lesson/follow#None"' in html
    assert 'href="anchor/#tie"' in html
    assert not env.report.errors


def test_widget_fences_go_through_the_context_and_unknown_ones_fail() -> None:
    html, env = _page("```deck\n```\n\n```exmaple\n```\n")
    assert html.startswith("<deck>")
    assert [str(e) for e in env.report.errors] == [
        "page.md: line 13: unknown block 'exmaple' (known: example, deck)"
    ]


def test_the_deck_block_takes_no_content() -> None:
    _html, env = _page("```deck\nas 11\n```\n")
    assert [str(e) for e in env.report.errors] == [
        "page.md: line 10: the deck block takes no content"
    ]


def test_table_alignment_uses_classes_not_style_attributes() -> None:
    html, _env = _page("| a | b |\n|:-:|--:|\n| 1 | 2 |\n")
    assert 'class="align-center"' in html
    assert "style=" not in html
