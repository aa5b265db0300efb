"""The build in two phases (read and verify, then render and write) and the check command."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lesson_compiler import bank_json
from lesson_compiler.catalogs import DOMAINS, extract, po_path, read_catalog, untranslated
from site_builder.assets import (
    Part,
    ScriptError,
    fingerprinted,
    gzipped,
    static_files,
    static_names,
)
from site_builder.config import Config
from site_builder.lesson_bundle import lesson_bundles
from site_builder.play import play_bundle
from site_builder.practice import Explainer, bank_files, bank_texts, text_files
from site_builder.render import Renderer
from site_builder.report import Report
from site_builder.site import read_site
from site_builder.writer import Writer


def render_files(config: Config, report: Report) -> Iterator[tuple[str, bytes]]:
    """Every output file as `(path, data)`, each rendered when it is asked for, so a caller
    that writes them as they come holds one page at a time; none when reading found errors.
    Rendering may add warnings (untranslated messages) to the report."""
    site = read_site(config, report)
    scripts: dict[str, list[Part]] = lesson_bundles(config.static_dir)
    if any("play" in lang.pages for lang in site.languages.values()):
        play, missing = play_bundle(config.engine_js_dir, config.static_dir)
        scripts.update(play)
        for script in missing:
            report.error(config.rel(script), None, "the play page needs this script; it is missing")
    if report.errors:
        return
    try:
        static = static_files(config.static_dir, scripts)
    except ScriptError as error:
        report.error(config.rel(Path(error.path)), error.line, error.message)
        return
    renamed = static_names(static)
    renderer = Renderer(site, renamed)
    for page in site.pages():
        html = renderer.render_root(page) if page.lang is None else renderer.render_page(page)
        yield page.file, html.encode("utf-8")
    for path, text in renderer.sitemaps():
        yield path, text.encode("utf-8")
    yield "robots.txt", renderer.robots().encode("utf-8")
    for path, data in static.items():
        yield fingerprinted(path, data, renamed)
    yield from bank_files(site.banks).items()
    items = {drill: bank_json(bank)["items"] for drill, bank in site.banks.items()}
    for code, lang in site.languages.items():
        if "practice" in lang.pages:
            texts = bank_texts(items, Explainer(lang.site, lang.game))
            yield from text_files(code, texts).items()


def render_site(config: Config, report: Report) -> dict[str, bytes]:
    """Every output file by path, rendered in memory; empty when reading found errors."""
    return dict(sorted(render_files(config, report)))


def build_site(config: Config, out: Path, strict: bool = False) -> Report:
    """Build the site into `out`, replacing it only when the whole build succeeds.

    Pages are written as they are rendered, into the writer's temporary folder, so memory
    stays flat however many pages there are; every text file is also written gzipped beside
    itself (`.gz`), for hosts that serve it. Raises `BuildError` with every problem when
    there are errors (or warnings, in strict mode), leaving `out` as it was; returns the
    report, whose warnings the caller shows.
    """
    report = Report()
    with Writer(out) as writer:
        for path, data in render_files(config, report):
            writer.write(path, data)
            copy = gzipped(path, data)
            if copy is not None:
                writer.write(f"{path}.gz", copy)
        report.stop_if_failed(strict)
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
        wanted, problems = extract(config.code_root, domain)
        report.add_errors(problems)
        for language in config.languages:
            path = po_path(config.catalog_dir, language.code, domain)
            catalog, problems = read_catalog(path, config.rel(path), language.code, domain)
            report.add_errors(problems)
            if catalog is not None:
                report.add_errors(untranslated(catalog, config.rel(path), wanted))
    return report
