"""Command line: `python -m site_builder build | serve | check` (console script `tute-site`)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from lesson_compiler import LanguageListError
from site_builder.build import build_site, check_site
from site_builder.config import DEFAULT_BASE_URL, PROJECT_ROOT, Config
from site_builder.report import BuildError, Problem
from site_builder.serve import serve


def base_url(value: str) -> str:
    """An absolute http(s) URL ending in '/' (added when missing)."""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(
            f"{value!r}: give an absolute URL such as https://example.org/tute/"
        )
    return value if value.endswith("/") else value + "/"


def parser() -> argparse.ArgumentParser:
    """The command line's commands and options."""
    main_parser = argparse.ArgumentParser(
        prog="tute-site", description="Build, preview and check the tute per parelles site."
    )
    commands = main_parser.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("build", "build every page into the output folder"),
        ("serve", "preview on 127.0.0.1, rebuilding when a source changes"),
    ):
        command = commands.add_parser(name, help=help_text)
        command.add_argument(
            "--out", type=Path, default=PROJECT_ROOT / "build", help="default: build"
        )
        command.add_argument(
            "--base-url",
            type=base_url,
            default=DEFAULT_BASE_URL,
            help=f"default: {DEFAULT_BASE_URL}",
        )
        command.add_argument("--strict", action="store_true", help="warnings fail the build")
    commands.choices["serve"].add_argument("--port", type=int, default=8000)
    commands.add_parser("check", help="verify lessons, examples, links and translations")
    return main_parser


def _print(problems: tuple[Problem, ...] | list[Problem], label: str) -> None:
    for problem in problems:
        print(f"{label}: {problem}", file=sys.stderr)


def _build(config: Config, out: Path, strict: bool) -> bool:
    """One build, its problems printed; whether it succeeded."""
    started = time.perf_counter()
    try:
        report = build_site(config, out, strict)
    except BuildError as error:
        _print(error.problems, "error")
        print(f"build failed: {len(error.problems)} problem(s); {out} unchanged", file=sys.stderr)
        return False
    _print(report.warnings, "warning")
    elapsed = time.perf_counter() - started
    print(f"built {out} in {elapsed:.2f} s", file=sys.stderr)
    return True


def main(argv: list[str] | None = None) -> int:
    """Run a command; the exit status is 0 when it succeeded, 1 when it found problems."""
    args = parser().parse_args(argv)
    try:
        config = Config.for_project(PROJECT_ROOT, getattr(args, "base_url", DEFAULT_BASE_URL))
    except LanguageListError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.command == "build":
        return 0 if _build(config, args.out, args.strict) else 1
    if args.command == "serve":
        serve(config, args.out, args.port, lambda: _build(config, args.out, args.strict))
        return 0
    report = check_site(config)
    _print(report.errors, "error")
    _print(report.warnings, "error")
    if report.failed(strict=True):
        return 1
    print("check: lessons, examples, links, anchors and translations are all fine", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
