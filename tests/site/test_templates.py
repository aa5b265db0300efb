"""Templates load without their indentation, which pages would not show anyway."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment, TemplateError

from site_builder.render import UnindentedLoader


def _environment(folder: Path, name: str, source: str) -> Environment:
    (folder / name).write_text(source, encoding="utf-8")
    return Environment(loader=UnindentedLoader(folder), autoescape=True)


def test_html_templates_lose_their_indentation_and_keep_their_lines(tmp_path: Path) -> None:
    source = "<ul>\n  <li>{{ a }}</li>\n\t<li>\n    {{ b }}</li>\n</ul>\n"
    env = _environment(tmp_path, "page.html", source)
    assert env.get_template("page.html").render(a="x", b="y") == (
        "<ul>\n<li>x</li>\n<li>\ny</li>\n</ul>"
    )
    assert env.loader is not None
    loaded, _, _ = env.loader.get_source(env, "page.html")
    assert loaded.count("\n") == source.count("\n")


def test_other_templates_keep_their_indentation(tmp_path: Path) -> None:
    env = _environment(tmp_path, "sitemap.xml", "<urlset>\n  <url/>\n</urlset>")
    assert env.get_template("sitemap.xml").render() == "<urlset>\n  <url/>\n</urlset>"


@pytest.mark.parametrize("element", ["<pre>", "<textarea rows=3>", "<PRE class=x>"])
def test_an_html_template_with_preformatted_text_is_refused(tmp_path: Path, element: str) -> None:
    env = _environment(tmp_path, "page.html", f"<p>\n  {element}\n    a\n</p>")
    with pytest.raises(TemplateError, match=r"page\.html: <pre> and <textarea>"):
        env.get_template("page.html")
