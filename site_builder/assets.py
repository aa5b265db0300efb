"""What the build writes, made light: static CSS, JavaScript and SVG minified.

The sources and templates stay readable in the repository; only the output is minified, so
every lesson page stays light. Each minifier is a pure function of the text, so builds are
deterministic. CSS and SVG are simple enough to do here; JavaScript goes through terser
(`minify.cjs`, under Node.js), which parses it, so it tells a regular expression literal from a
division as a hand-made pass easily would not, and shortens the names local to a function,
which no pass over the text can do safely.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import subprocess
from collections.abc import Callable, Mapping
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


_MINIFY_JS = Path(__file__).with_name("minify.cjs")
_MINIFIED_JS: dict[str, str] = {}
"""Each script's minified text by its source, so a process that builds many sites (the
tests) runs Node once per distinct script."""


class ScriptError(ValueError):
    """A script the build cannot minify: its file, the line and what is wrong."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        super().__init__(f"{path}: line {line}: {message}" if line else f"{path}: {message}")


def minify_scripts(sources: Mapping[str, str]) -> dict[str, str]:
    """Each script of `sources` (by a name for messages) without comments and needless
    whitespace, its local names shortened; what other scripts and the tests read (globals,
    properties, strings) is kept. One Node process minifies all the scripts not done yet.

    Raises `ScriptError` naming the script that does not parse, or saying what is missing
    when Node.js or terser is (`make node_modules/.installed` installs them).
    """
    todo = {name: text for name, text in sources.items() if text not in _MINIFIED_JS}
    if todo:
        request = json.dumps([[name, text] for name, text in todo.items()])
        try:
            run = subprocess.run(
                ["node", str(_MINIFY_JS)], input=request.encode(), capture_output=True, check=False
            )
        except FileNotFoundError:
            message = "Node.js is needed to minify the scripts: install it"
            raise ScriptError(next(iter(todo)), None, message) from None
        if run.returncode != 0:
            failure = json.loads(run.stderr) if run.stderr.startswith(b"{") else {}
            raise ScriptError(
                failure.get("name", next(iter(todo))),
                failure.get("line"),
                failure.get("message", run.stderr.decode(errors="replace").strip()),
            )
        _MINIFIED_JS.update(zip(todo.values(), json.loads(run.stdout), strict=True))
    return {name: _MINIFIED_JS[text] for name, text in sources.items()}


def minify_js(text: str) -> str:
    """One script minified (`minify_scripts`)."""
    return minify_scripts({"script": text})["script"]


MINIFIERS: dict[str, Callable[[str], str]] = {
    ".css": minify_css,
    ".svg": minify_svg,
}


def static_files(folder: Path, more: Mapping[str, Path] | None = None) -> dict[str, bytes]:
    """Every file under `folder` by its `static/…` output path, and the files of `more` under
    theirs, minified where we know how."""
    paths = {
        f"static/{path.relative_to(folder).as_posix()}": path
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
    for output, path in (more or {}).items():
        if output in paths:
            raise ValueError(f"{path}: {output} is also {paths[output]}")
        paths[output] = path
    files: dict[str, bytes] = {}
    scripts: dict[str, str] = {}
    for output, path in paths.items():
        data = path.read_bytes()
        minify = MINIFIERS.get(path.suffix)
        if minify is not None:
            data = minify(data.decode("utf-8")).encode("utf-8")
        elif path.suffix == ".js":
            scripts[str(path)] = data.decode("utf-8")
        files[output] = data
    minified = minify_scripts(scripts)
    for output, path in paths.items():
        if str(path) in minified:
            files[output] = minified[str(path)].encode("utf-8")
    return files


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
