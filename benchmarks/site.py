"""Pages per second of the whole site build, verification included, on one core, and the
weight of the heaviest lesson page; with `--scale L N`, the same for a grown site.

Usage: ``python -m benchmarks.site [--runs N]``. Each run reads, verifies and renders
every page of every language in memory (as `build` does before writing); the first run
also pays for compiling the templates, so the best and the first are both printed. A
page's weight is its HTML and every stylesheet, script and SVG it loads, uncompressed.

``python -m benchmarks.site --scale 40 70`` grows the real site to 40 languages and 70
lessons in a temporary folder (copies of the real pages, catalogs and lessons, under
other language codes and lesson ids), builds it to disk in a fresh process pinned to one
core, and prints the pages, the seconds (processor time split between the build's code
and the kernel's), the pages per second and the peak memory. With `--runs N` it builds N
times and prints each build's figures, then the fastest's. The temporary folder is made
where `TMPDIR` says: the kernel's part is mostly creating files, and so depends on that
folder's file system.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import resource
import shutil
import tempfile
import time
from pathlib import Path

from babel.localedata import locale_identifiers
from babel.messages.pofile import read_po, write_po

from lesson_compiler import read_languages
from site_builder import Config, Report, build_site, render_site
from site_builder.assets import page_weight
from site_builder.config import PROJECT_ROOT

_LESSON_FILE = re.compile(r"(\d\d)-([a-z][a-z0-9-]*)\.toml")
_TEACHES = re.compile(r"^teaches = .*$", re.M)


def _codes(count: int, taken: list[str]) -> list[str]:
    """`count` language codes Babel knows: the real ones first, then others in order."""
    others = sorted(
        code
        for code in locale_identifiers()
        if re.fullmatch(r"[a-z]{2,3}", code) and code not in taken
    )
    codes = (taken + others)[:count]
    if len(codes) < count:
        raise SystemExit(f"--scale: at most {len(taken) + len(others)} languages")
    return codes


def grow(root: Path, languages: int, lessons: int) -> None:
    """Write under `root` the real site grown to `languages` languages and `lessons` lessons.

    Language i copies the pages and catalogs of real language i modulo their number; lesson
    k copies real lesson k modulo theirs, under the id `<id>-<round>` after the first round,
    teaching no rule of its own, with its texts added to every `lessons` catalog under that id.
    """
    if not 1 <= lessons <= 99:
        raise SystemExit("--scale: lesson files are numbered 01-99")
    real = read_languages(PROJECT_ROOT / "locales")
    sources = sorted(
        (match[1], match[2], path)
        for path in (PROJECT_ROOT / "lessons").glob("*.toml")
        if (match := _LESSON_FILE.fullmatch(path.name))
    )
    (root / "lessons").mkdir(parents=True)
    copies: dict[str, str] = {}
    for number in range(1, lessons + 1):
        _, lesson_id, path = sources[(number - 1) % len(sources)]
        rounds = (number - 1) // len(sources)
        new_id = f"{lesson_id}-{rounds}" if rounds else lesson_id
        copies[new_id] = lesson_id
        text = path.read_text(encoding="utf-8").replace(f'id = "{lesson_id}"', f'id = "{new_id}"')
        if rounds:
            # Each rule is taught by one lesson: the copies teach none of their own.
            text = _TEACHES.sub("teaches = []", text)
        (root / "lessons" / f"{number:02d}-{new_id}.toml").write_text(text, encoding="utf-8")
    codes = _codes(languages, [language.code for language in real])
    entries = []
    for index, code in enumerate(codes):
        source = real[index % len(real)]
        folder = root / "locales" / code
        shutil.copytree(PROJECT_ROOT / "locales" / source.code / "pages", folder / "pages")
        shutil.copytree(
            PROJECT_ROOT / "locales" / source.code / "LC_MESSAGES", folder / "LC_MESSAGES"
        )
        _add_lesson_copies(folder / "LC_MESSAGES" / "lessons.po", copies)
        tag = source.tag if code == source.code else code
        og = source.og_locale if code == source.code else f"{code}_ZZ"
        entries.append(
            f'[[language]]\ncode = "{code}"\ntag = "{tag}"\n'
            f'og_locale = "{og}"\nname = "{source.name} {code}"\n'
        )
    (root / "locales" / "languages.toml").write_text("\n".join(entries), encoding="utf-8")


def _add_lesson_copies(path: Path, copies: dict[str, str]) -> None:
    """Give every copied lesson id the translations of the lesson it copies."""
    with path.open("rb") as file:
        catalog = read_po(file)
    originals = [message for message in catalog if message.id and message.context]
    for new_id, lesson_id in copies.items():
        if new_id != lesson_id:
            for message in originals:
                if message.context == lesson_id:
                    catalog.add(message.id, message.string, context=new_id)
    with path.open("wb") as file:
        write_po(file, catalog, width=0)


Figures = tuple[int, float, float, float]
"""Pages built, seconds of wall-clock time, of processor time in the program itself and in
the kernel on its behalf (mostly creating the files: thousands of pages, each in a folder)."""


def _build(root: Path, out: Path, results: multiprocessing.Queue[Figures]) -> None:
    """Build the grown site to disk in this process, pinned to one core; report to parent."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    config = Config.read(root, root / "lessons")
    started, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
    build_site(config, out)
    seconds, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF)
    pages = sum(1 for _ in out.rglob("*.html"))
    results.put(
        (pages, seconds, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime)
    )


def scale(languages: int, lessons: int, runs: int) -> None:
    """Grow the site, build it `runs` times, each in a fresh process, and print the figures
    of each build and of the fastest: on a shared machine the others waited for the rest."""
    with tempfile.TemporaryDirectory(prefix="tute-scale-") as folder:
        root = Path(folder) / "site"
        grow(root, languages, lessons)
        context = multiprocessing.get_context("spawn")
        builds = []
        for run in range(runs):
            results: multiprocessing.Queue[Figures] = context.Queue()
            out = Path(folder) / f"out-{run}"
            process = context.Process(target=_build, args=(root, out, results))
            process.start()
            builds.append(results.get())
            process.join()
            if process.exitcode != 0:
                raise SystemExit(f"the build failed (exit status {process.exitcode})")
            shutil.rmtree(out)
            if runs > 1:
                print(f"  run {run + 1}: {_figures(builds[-1])}")
    # ru_maxrss is in KiB on Linux: the largest resident set of any finished child.
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    best = min(builds, key=lambda figures: figures[2] + figures[3])
    label = f"best of {runs} builds, " if runs > 1 else ""
    print(
        f"site --scale {languages} {lessons}: {label}{_figures(best)}, peak memory {peak:.0f} MiB"
    )


def _figures(figures: Figures) -> str:
    """One build's figures. On a shared machine the wall clock waits for other processes;
    the processor time is the build's own work."""
    pages, seconds, user, kernel = figures
    return (
        f"{pages} pages in {seconds:.2f} s ({user + kernel:.2f} s of processor time: "
        f"{user:.2f} s building, {kernel:.2f} s in the kernel), {pages / seconds:.0f} pages/s"
    )


def main() -> None:
    """Render the real site several times and print the time and the rate."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, help="builds to time (default 5, or 1 with --scale)")
    parser.add_argument(
        "--scale",
        nargs=2,
        type=int,
        metavar=("L", "N"),
        help="build a copy grown to L languages and N lessons to disk instead",
    )
    args = parser.parse_args()
    if args.scale:
        languages, lessons = args.scale
        scale(languages, lessons, args.runs or 1)
        return
    config = Config.for_project(PROJECT_ROOT)
    times = []
    files: dict[str, bytes] = {}
    for _ in range(args.runs or 5):
        started = time.perf_counter()
        report = Report()
        files = render_site(config, report)
        times.append(time.perf_counter() - started)
        if report.errors:
            raise SystemExit("\n".join(str(problem) for problem in report.errors))
    pages = sum(path.endswith(".html") for path in files)
    best = min(times)
    print(f"site: {pages} pages, first build {times[0] * 1000:.0f} ms, best {best * 1000:.0f} ms")
    print(f"site: {pages / best:.0f} pages per second")
    lessons = [path for path, data in files.items() if b"data-lesson-data>" in data]
    weights = {path: sum(page_weight(files, path).values()) for path in lessons}
    heaviest = max(weights, key=weights.__getitem__)
    print(f"site: heaviest lesson page {weights[heaviest] / 1000:.1f} KB ({heaviest})")


if __name__ == "__main__":
    main()
