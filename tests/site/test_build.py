"""The build as a whole: deterministic, atomic, one file per path, and the real site's shape."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from site_builder import BuildError, Config, build_site
from site_builder.writer import Writer


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_two_builds_of_the_same_sources_are_byte_identical(config: Config, tmp_path: Path) -> None:
    build_site(config, tmp_path / "one")
    build_site(config, tmp_path / "two")
    one, two = _snapshot(tmp_path / "one"), _snapshot(tmp_path / "two")
    assert len(one) > 10
    assert one == two


def test_a_failed_build_leaves_the_previous_output_untouched(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    out = tmp_path / "build"
    build_site(config, out)
    before = _snapshot(out)
    rules = site_root / "locales/ca/pages/rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n<div>\n", encoding="utf-8")
    with pytest.raises(BuildError):
        build_site(config, out)
    assert _snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "source"]


def test_a_successful_build_replaces_stale_files(config: Config, tmp_path: Path) -> None:
    out = tmp_path / "build"
    out.mkdir()
    (out / "stale.html").write_text("old", encoding="utf-8")
    build_site(config, out)
    assert not (out / "stale.html").exists()
    assert (out / "ca/regles/index.html").is_file()


def test_the_writer_refuses_to_write_a_path_twice(tmp_path: Path) -> None:
    with Writer(tmp_path / "out") as writer:
        writer.write("ca/index.html", b"one")
        with pytest.raises(BuildError, match=r"ca/index\.html: written twice"):
            writer.write("ca/index.html", b"two")
    assert not (tmp_path / "out").exists()
    assert list(tmp_path.iterdir()) == []


def test_a_sub_path_base_url_only_changes_absolute_urls(config: Config, tmp_path: Path) -> None:
    build_site(config, tmp_path / "root")
    other = Config(**{**config.__dict__, "base_url": "https://cards.example/learn/tute/"})
    build_site(other, tmp_path / "sub")
    html = (tmp_path / "sub/ca/regles/index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://cards.example/learn/tute/ca/regles/">' in html
    assert re.search(r'href="\.\./\.\./static/site\.\w+\.css"', html)


def test_a_build_killed_midway_leaves_the_old_output_and_the_next_build_clears_its_folder(
    tmp_path: Path,
) -> None:
    out = tmp_path / "build"
    out.mkdir()
    (out / "index.html").write_text("old", encoding="utf-8")
    killed = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, signal, sys\n"
            "from pathlib import Path\n"
            "from site_builder.writer import Writer\n"
            "writer = Writer(Path(sys.argv[1]))\n"
            "writer.write('index.html', b'new')\n"
            "os.kill(os.getpid(), signal.SIGKILL)\n",
            str(out),
        ],
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    assert killed.returncode == -signal.SIGKILL
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert len(list(tmp_path.glob(".build.new-*"))) == 1

    with Writer(out) as writer:
        assert [p.name for p in tmp_path.glob(".build.new-*")] == [writer.folder.name]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build"]


def test_a_new_build_keeps_the_folder_of_a_build_still_running(tmp_path: Path) -> None:
    out = tmp_path / "build"
    with Writer(out) as first, Writer(out) as second:
        assert first.folder.is_dir()
        assert second.folder.is_dir()
