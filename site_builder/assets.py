"""What the build writes, made light: static CSS, JavaScript and SVG minified.

The sources and templates stay readable in the repository; only the output is minified, so
every lesson page stays light. Each minifier is a pure function of the text, so builds are
deterministic. CSS and SVG are simple enough to do here; JavaScript goes through esbuild, which
parses it, so it tells a regular expression literal from a division as a hand-made pass easily
would not, and shortens the names local to a function, which no pass over the text can do
safely. esbuild is one native program that minifies every script of the site in one run of a
few milliseconds, so the build stays well under a second.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from zlib_ng import zlib_ng

_CSS_TOKENS = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|/\*.*?\*/""", re.S)
_CSS_SPACE_AROUND = re.compile(r"\s*([{};,>])\s*")
_CSS_SPACE_AFTER_COLON = re.compile(r":\s+")
_CSS_LEADING_ZERO = re.compile(r"(?<![\w.])0\.(?=\d)")
_SVG_COMMENT = re.compile(r"<!--.*?-->", re.S)
_HTML_ASSET = re.compile(r'(?:href|src)="([^"#?]+\.(?:css|js|svg))[#?"]')
_SCRIPT_ASSET = re.compile(rb"""["']([\w.-]+\.(?:css|js|svg))["']""")
_SVG_BETWEEN_TAGS = re.compile(r">\s+<")
HASH_LENGTH = 10
_GZIP = 31
"""zlib's window bits for a gzip stream: its header has no timestamp and no file name."""
COMPRESSIBLE = frozenset({".html", ".css", ".js", ".svg", ".xml", ".txt", ".json"})


def minify_css(text: str) -> str:
    """CSS without comments and without the whitespace that means nothing.

    Strings are kept as written. Space is dropped around `{ } ; , >` and after `:`, never
    before `:` (`a :hover` is not `a:hover`) nor around `+` and `-` (`calc()` needs it);
    a number's leading zero goes too (`0.5rem` is `.5rem`).
    """
    out: list[str] = []
    code: list[str] = []
    position = 0
    for match in _CSS_TOKENS.finditer(text):
        code.append(text[position : match.start()])
        if match.group(1):
            out.extend((_squeeze_css("".join(code)), match.group(1)))
            code = []
        else:
            code.append(" ")
        position = match.end()
    code.append(text[position:])
    out.append(_squeeze_css("".join(code)))
    return "".join(out).strip()


def _squeeze_css(code: str) -> str:
    code = _CSS_SPACE_AROUND.sub(r"\1", re.sub(r"\s+", " ", code))
    code = _CSS_LEADING_ZERO.sub(".", _CSS_SPACE_AFTER_COLON.sub(":", code))
    return code.replace(";}", "}")


def minify_svg(text: str) -> str:
    """SVG without comments and without whitespace between tags.

    The card art has no text element with child elements, where that whitespace would show.
    """
    return _SVG_BETWEEN_TAGS.sub("><", _SVG_COMMENT.sub("", text)).strip()


ESBUILD = Path(__file__).resolve().parent.parent / "node_modules" / ".bin" / "esbuild"
"""The project's pinned esbuild (package-lock.json), which `make node_modules/.installed`
installs."""
_ESBUILD_OPTIONS = ("--minify", "--charset=utf8", "--legal-comments=none", "--log-level=error")
_ESBUILD_ERROR = re.compile(
    r"\[ERROR\] (?P<message>[^\n]*)\n\s*\n\s*(?P<file>\d+)\.js:(?P<line>\d+):"
)
"""esbuild's report of a script that does not parse: what is wrong, then where."""
_MINIFIED_JS: dict[str, str] = {}
"""Each script's minified text by its source, so a process that builds many sites (the
tests) minifies each distinct script once."""


class ScriptError(ValueError):
    """A script the build cannot minify: its file, the line and what is wrong."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        super().__init__(f"{path}: line {line}: {message}" if line else f"{path}: {message}")


def minify_scripts(sources: Mapping[str, str]) -> dict[str, str]:
    """Each script of `sources` (by a name for messages) without comments and needless
    whitespace, its local names shortened; what other scripts and the tests read (globals,
    properties, strings) is kept. One run of esbuild minifies every script not done yet.

    Raises `ScriptError` naming the script that does not parse, or saying what is missing
    when esbuild is.
    """
    todo = sorted({text for text in sources.values() if text not in _MINIFIED_JS})
    if todo:
        names = {text: name for name, text in sources.items()}
        minified = _esbuild(todo, [names[text] for text in todo])
        _MINIFIED_JS.update(zip(todo, minified, strict=True))
    return {name: _MINIFIED_JS[text] for name, text in sources.items()}


def minify_js(text: str) -> str:
    """One script minified (`minify_scripts`)."""
    return minify_scripts({"script": text})["script"]


def _esbuild(texts: Sequence[str], names: Sequence[str]) -> list[str]:
    if not ESBUILD.exists():
        message = "esbuild is needed to minify the scripts: run `make node_modules/.installed`"
        raise ScriptError(names[0], None, message)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        inputs = [work / f"{index}.js" for index in range(len(texts))]
        for path, text in zip(inputs, texts, strict=True):
            path.write_text(text, encoding="utf-8")
        run = subprocess.run(
            [str(ESBUILD), *(path.name for path in inputs), *_ESBUILD_OPTIONS, "--outdir=out"],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            failure = _ESBUILD_ERROR.search(run.stderr)
            if failure is None:
                raise ScriptError(names[0], None, run.stderr.strip() or "esbuild failed")
            index, line = int(failure["file"]), int(failure["line"])
            raise ScriptError(names[index], line, failure["message"])
        return [(work / "out" / path.name).read_text(encoding="utf-8").strip() for path in inputs]


MINIFIERS: dict[str, Callable[[str], str]] = {
    ".css": minify_css,
    ".svg": minify_svg,
}
"""The minifiers that work on one text; scripts are minified together (`minify_scripts`)."""


@dataclass(frozen=True)
class PageOnly:
    """A script of a bundle that needs a page (a document): run where there is one, skipped
    where the same bundle runs in a Web Worker."""

    path: Path


Part = Path | PageOnly
"""One file of a bundle."""


def static_files(
    folder: Path, bundles: Mapping[str, Sequence[Part]] | None = None
) -> dict[str, bytes]:
    """Every file under `folder` by its `static/…` output path, minified where we know how,
    and each bundle of `bundles` under its own: its parts minified and joined in order, one
    file where a page would load several, which compress much better together. A bundle may
    take the place of a file of the folder, which must then be one of its parts."""
    paths: dict[str, list[Part]] = {
        f"static/{path.relative_to(folder).as_posix()}": [path]
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
    for output, parts in (bundles or {}).items():
        if output in paths and paths[output][0] not in [_path(part) for part in parts]:
            raise ValueError(f"{paths[output][0]}: {output} is also a bundle of {list(parts)}")
        paths[output] = list(parts)
    scripts = {_path(part) for parts in paths.values() for part in parts}
    sources = {str(path): path.read_text("utf-8") for path in scripts if path.suffix == ".js"}
    minified = minify_scripts(sources)
    return {
        output: b"\n".join(_minified(part, minified) for part in parts)
        for output, parts in paths.items()
    }


def _path(part: Part) -> Path:
    return part.path if isinstance(part, PageOnly) else part


def _minified(part: Part, scripts: Mapping[str, str]) -> bytes:
    path = _path(part)
    minify = MINIFIERS.get(path.suffix)
    if str(path) in scripts:
        data = scripts[str(path)].encode("utf-8")
    elif minify is not None:
        data = minify(path.read_text(encoding="utf-8")).encode("utf-8")
    else:
        data = path.read_bytes()
    if isinstance(part, PageOnly):
        data = b'if(typeof document!=="undefined"){' + data + b"}"
    return data


def page_weight(files: Mapping[str, bytes], path: str) -> dict[str, int]:
    """The bytes a page loads before compression, by output path: the page itself, every
    stylesheet, script and SVG image it references, and every static file its scripts name
    (the card images the widgets draw), each once, as a browser fetches it."""
    html = files[path]
    weights = {path: len(html)}
    folder = posixpath.dirname(path)
    for url in _HTML_ASSET.findall(html.decode("utf-8")):
        asset = posixpath.normpath(posixpath.join(folder, url))
        weights[asset] = len(files[asset])
        if asset.endswith(".js"):
            for name in _SCRIPT_ASSET.findall(files[asset]):
                named = posixpath.join(posixpath.dirname(asset), name.decode())
                if named in files:
                    weights[named] = len(files[named])
    return weights


def static_names(static: Mapping[str, bytes]) -> dict[str, str]:
    """Each static file's content-hashed path, by its plain path.

    Pages link to a static file under that name (`static_links`); a static file names another
    by the bare name in quotes (`new URL("cards.svg", …)` in a script), which is why a file is
    hashed only after the files it names, whose new names change its content.
    """
    renamed: dict[str, str] = {}
    pending = set(static)
    while pending:
        ready = sorted(path for path in pending if not _names_any(static[path], pending - {path}))
        if not ready:
            raise ValueError(f"static files name each other in a cycle: {sorted(pending)}")
        for path in ready:
            data = _rename_in_static(static[path], renamed)
            digest = hashlib.sha256(data).hexdigest()[:HASH_LENGTH]
            stem, dot, suffix = path.rpartition(".")
            renamed[path] = f"{stem}.{digest}.{suffix}" if dot else f"{path}.{digest}"
            pending.discard(path)
    return renamed


def fingerprinted(path: str, data: bytes, renamed: Mapping[str, str]) -> tuple[str, bytes]:
    """A static file under its content-hashed name, its references to other static files
    renamed."""
    return renamed[path], _rename_in_static(data, renamed)


def static_links(folder: str, renamed: Mapping[str, str]) -> dict[str, str]:
    """Links to the static files under their content-hashed names, by their names in the
    static folder (`site.css`), from a page whose link to that folder is `folder`
    (`../../static/`). Pages name static files through these as they are rendered, so no
    page is searched for references to rename."""
    return {
        path.removeprefix("static/"): folder + new.removeprefix("static/")
        for path, new in renamed.items()
    }


def _names_any(data: bytes, paths: set[str]) -> bool:
    return any(_quoted(path).search(data) for path in paths)


def _quoted(path: str) -> re.Pattern[bytes]:
    return re.compile(
        rb"""(?<=["'(/])""" + re.escape(posixpath.basename(path).encode()) + rb"""(?=["')#?])"""
    )


def _rename_in_static(data: bytes, renamed: Mapping[str, str]) -> bytes:
    for old, new in renamed.items():
        data = _quoted(old).sub(posixpath.basename(new).encode(), data)
    return data


def precompressed(files: Mapping[str, bytes]) -> dict[str, bytes]:
    """A `.gz` beside every text file, for hosts that send it as is to browsers that accept
    gzip."""
    copies = ((f"{path}.gz", gzipped(path, data)) for path, data in files.items())
    return {path: data for path, data in copies if data is not None}


def gzipped(path: str, data: bytes) -> bytes | None:
    """The gzipped copy of a text file (None for other files). No timestamp, so the same
    build gives the same bytes. Level 5 takes 40 per cent less time than 9, whose copies were
    a fifth of a large site's build, for copies 2 to 3 per cent larger (70 bytes a lesson);
    zlib-ng makes copies as small as zlib's in half its time."""
    if posixpath.splitext(path)[1] not in COMPRESSIBLE:
        return None
    return zlib_ng.compress(data, 5, wbits=_GZIP)
