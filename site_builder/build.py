"""The build in two phases (read and verify, then render and write) and the check command."""

from __future__ import annotations

from pathlib import Path

from site_builder.assets import minify_html, static_files
from site_builder.config import Config
from site_builder.i18n import DOMAINS, extract, untranslated
from site_builder.practice import bank_files
from site_builder.render import Renderer
from site_builder.report import Report
from site_builder.site import read_site
from site_builder.writer import Writer


def render_site(config: Config, report: Report) -> dict[str, bytes]:
    """Every output file by path, rendered in memory; empty when reading found errors."""
    site = read_site(config, report)
    if report.errors:
        return {}
    renderer = Renderer(site)
    files: dict[str, str | bytes] = {}
    for page in site.pages():
        html = renderer.render_root(page) if page.lang is None else renderer.render_page(page)
        files[page.file] = minify_html(html)
    files["sitemap.xml"] = renderer.sitemap()
    files["robots.txt"] = renderer.robots()
    files.update(static_files(config.static_dir))
    files.update(bank_files(site.banks))
    return {
        path: data.encode("utf-8") if isinstance(data, str) else data
        for path, data in sorted(files.items())
    }


def build_site(config: Config, out: Path, strict: bool = False) -> Report:
    """Build the site into `out`, replacing it only when the whole build succeeds.

    Raises `BuildError` with every problem when there are errors (or warnings, in strict
    mode); returns the report, whose warnings the caller shows.
    """
    report = Report()
    files = render_site(config, report)
    report.stop_if_failed(strict)
    with Writer(out) as writer:
        for path, data in files.items():
            writer.write(path, data)
        writer.commit()
    return report


def check_site(config: Config) -> Report:
    """Everything `build --strict` verifies, without writing, plus translations complete
    in every domain (messages extracted from the sources, as `make translations` does)."""
    report = Report()
    render_site(config, report)
    # The extraction below names every untranslated message with where it is used;
    # the same messages noted while rendering would only repeat it.
    report.warnings = [problem for problem in report.warnings if not problem.path.endswith(".po")]
    domains = DOMAINS if config.lessons_dir is not None else ("site", "game")
    for domain in domains:
        wanted = extract(config, domain, report)
        for language in config.languages:
            untranslated(config, language.code, domain, wanted, report)
    return report
