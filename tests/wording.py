"""Checks that every sentence a learner reads is one whole message.

A sentence made by joining messages ("Trump" + ": " + "clubs") cannot be translated: each
language orders its own words. These functions find such joins in templates, scripts and
Python code, messages shaped as "Label: {value}", and compiled texts that are not whole
sentences. The tests in `tests/lessons/test_wording.py` run them on the project and on small
fixtures that reproduce old mistakes, so each check is seen to fail.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from jinja2 import Environment, nodes

GETTEXT = frozenset({"_", "gettext", "pgettext", "ngettext", "npgettext"})
"""The names of the translating calls, in templates and in Python."""

_PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sd]")
_WORD = re.compile(r"[^\W\d_]", re.UNICODE)


# ---------- templates ----------


def _is_message(expr: nodes.Node) -> bool:
    """Whether a template expression's value is a translated message (maybe filtered)."""
    if isinstance(expr, nodes.Filter) and expr.node is not None:
        return _is_message(expr.node)
    if isinstance(expr, nodes.CondExpr):
        return _is_message(expr.expr1) or (expr.expr2 is not None and _is_message(expr.expr2))
    if isinstance(expr, nodes.Call):
        if isinstance(expr.node, nodes.Name):
            return expr.node.name in GETTEXT
        # `_("… {suit}.").format(suit=…)`: the message, its placeholders filled
        if isinstance(expr.node, nodes.Getattr) and expr.node.attr == "format":
            return _is_message(expr.node.node)
    return False


def _is_trans_block(expr: nodes.Node) -> bool:
    """A `{% trans %}` block compiles to a message call wrapped in a safe-marker."""
    return isinstance(expr, nodes.MarkSafeIfAutoescape) and _is_message(expr.expr)


def template_joins(source: str, name: str) -> list[str]:
    """Places where a template joins a translated message to other text or values.

    A message must stand alone between markup: `~` or `+` on it, or text or another value
    beside it with no tag in between ("{{ _('Trump') }}: {{ suit }}"), is a join.
    """
    tree = Environment(extensions=["jinja2.ext.i18n"]).parse(source)
    found = []
    for node in tree.find_all((nodes.Concat, nodes.Add)):
        operands = node.nodes if isinstance(node, nodes.Concat) else [node.left, node.right]
        if any(_is_message(op) for op in operands):
            found.append(f"{name}:{node.lineno}: a message joined with `~` or `+`")
    for output in tree.find_all(nodes.Output):
        children = output.nodes
        for i, child in enumerate(children):
            if not (_is_message(child) or _is_trans_block(child)):
                continue
            before = children[i - 1] if i > 0 else None
            after = children[i + 1] if i + 1 < len(children) else None
            if _touches(before, children[:i], tail=True) or _touches(
                after, children[i + 2 :], tail=False
            ):
                found.append(f"{name}:{child.lineno}: a message joined to the text beside it")
    return found


def _touches(neighbour: nodes.Node | None, beyond: list[nodes.Node], tail: bool) -> bool:
    """Whether a message's neighbour in its output joins it: a value right beside it, or
    text other than blanks between it and the nearest tag or attribute quote."""
    if neighbour is None:
        return False
    if not isinstance(neighbour, nodes.TemplateData):
        return True
    text = neighbour.data
    bounds = [text.rfind(">"), text.rfind('"')] if tail else [text.find("<"), text.find('"')]
    bounds = [b for b in bounds if b >= 0]
    if not bounds:
        # no markup in the text: it joins the message to whatever value comes beyond it
        return bool(text.strip()) or any(not isinstance(n, nodes.TemplateData) for n in beyond)
    piece = text[max(bounds) + 1 :] if tail else text[: min(bounds)]
    return bool(piece.strip())


# ---------- scripts ----------


def _strip_comments(source: str) -> str:
    """The script without comments, strings kept (their length too, for line numbers)."""
    out = []
    i = 0
    while i < len(source):
        c = source[i]
        if c in "\"'`":
            end = i + 1
            while end < len(source) and source[end] != c:
                end += 2 if source[end] == "\\" else 1
            out.append(source[i : end + 1])
            i = end + 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            i = len(source) if end < 0 else end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            chunk = source[i : (len(source) if end < 0 else end + 2)]
            out.append("\n" * chunk.count("\n"))
            i += len(chunk)
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _call_end(text: str, open_at: int) -> int:
    """The index just past the parenthesis closing the one at ``open_at``."""
    depth = 0
    i = open_at
    while i < len(text):
        c = text[i]
        if c in "\"'`":
            end = i + 1
            while end < len(text) and text[end] != c:
                end += 2 if text[end] == "\\" else 1
            i = end
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def script_joins(source: str, name: str, lookups: Iterable[str] = ("t",)) -> list[str]:
    """Places where a script joins a widget message (``t("key")``) with ``+`` or in a
    template literal, instead of filling the message's own placeholders."""
    text = _strip_comments(source)
    names = "|".join(re.escape(n) for n in lookups)
    found = []
    for match in re.finditer(rf"(?<![\w.$])(?:{names})\(", text):
        end = _call_end(text, match.end() - 1)
        before = text[: match.start()].rstrip()
        after = text[end:].lstrip()
        joined = before.endswith("+") and not before.endswith("++")
        joined = joined or (after.startswith("+") and not after.startswith("++"))
        joined = joined or before.endswith("${") or after.startswith(".concat(")
        if joined:
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{name}:{line}: a widget message joined with other text")
    return found


# ---------- Python ----------


def _is_py_message(node: ast.AST) -> bool:
    """A gettext call, or a gettext call's ``.format(...)``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "format":
        return _is_py_message(func.value)
    if isinstance(func, ast.Attribute):
        return func.attr in GETTEXT
    return isinstance(func, ast.Name) and func.id in GETTEXT


def python_joins(source: str, name: str) -> list[str]:
    """Places where Python code joins a translated message to other text: ``+``, ``%``,
    an f-string or ``str.join`` around a gettext call."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        parts: list[ast.AST] = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            parts = [node.left, node.right]
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            parts = [node.value]
        elif isinstance(node, ast.JoinedStr):
            parts = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
            and node.args
            and isinstance(node.args[0], (ast.Tuple, ast.List))
        ):
            parts = list(node.args[0].elts)
        if any(_is_py_message(part) for part in parts):
            found.append((getattr(node, "lineno", 0), name))
    return [f"{name}:{line}: a message joined with other text" for line, name in sorted(found)]


# ---------- message ids ----------


def _words(text: str) -> bool:
    """Whether ``text`` holds a word outside its placeholders."""
    return bool(_WORD.search(_PLACEHOLDER.sub("", text)))


def label_problem(msgid: str) -> str | None:
    """Why a message id is a label glued to a value rather than a whole message, or None.

    - it ends in a colon: whatever follows is joined to it ("Your cards:");
    - nothing but placeholders follows its last colon ("Trump: {suit}", "Lessons
      completed: {done} / {total}", "You may play: {cards}.");
    - a single word or a lone placeholder stands before its first colon, and a value after
      it ("{seat}: cards in hand: {count}", "Score: us {us}, them {them}").
    """
    text = msgid.strip()
    if text.endswith(":"):
        return "ends in a colon, so it is joined to what follows"
    if ":" not in text or not _PLACEHOLDER.search(text):
        return None
    head, _, _rest = text.partition(":")
    tail = text.rpartition(":")[2]
    if _PLACEHOLDER.search(tail) and not _words(tail):
        return "is a label followed by a value: only placeholders follow its colon"
    lone = _PLACEHOLDER.fullmatch(head.strip()) or len(head.split()) == 1
    if lone and _PLACEHOLDER.search(text.partition(":")[2]):
        return "is a label followed by a value: one word or a placeholder before its colon"
    return None


# ---------- compiled texts ----------

_OPENING = "\u00a1\u00bf\u00ab\u201c\u2018\"'("
"""Marks a sentence may open with: ¡ ¿ « and the curly and straight quotes, (."""
_CLOSING = "\u00bb\u201d\u2019\"')"
"""Marks a sentence may close with, after its full stop: » and the quotes, )."""


def sentence_problem(text: str) -> str | None:
    """Why a text a learner reads as a sentence is not a whole one, or None.

    It starts with a capital (or a digit, after any opening mark), ends with a full stop,
    question or exclamation mark or an ellipsis (before any closing mark), and no capital
    follows a colon inside it ("Cantas: Nada.", "Torn: El rival").
    """
    body = text.strip()
    start = body.lstrip(_OPENING)
    if not start or not (start[0].isupper() or start[0].isdigit()):
        return "does not start with a capital"
    if not body.rstrip(_CLOSING).endswith((".", "!", "?", "…")):
        return "does not end as a sentence ends"
    if re.search(r":\s+[«“\"]?[A-ZÀ-Ý]", body):
        return "a capital follows a colon: a label glued to a value"
    return None


# ---------- seats in sentences ----------

_SENTENCE_START = re.compile(r"(?:^|[.!?…]\s+)[\u00a1\u00bf\u00ab\u201c\"']?$")
"""What may stand before a sentence's first word: nothing, or the end of the sentence
before it (and an opening mark)."""


def seat_problem(text: str) -> str | None:
    """Why a message's ``{seat}`` is misplaced, or None.

    ``{seat}`` is filled with a seat's name as it opens a sentence, capital and article
    included ("The right-hand opponent", "El rival de la dreta"), so it must open one:
    after a label's colon ("Reparte: {seat}") or inside a clause it reads as a label
    spliced into the sentence.
    """
    for match in re.finditer(r"\{seat\}", text):
        if not _SENTENCE_START.search(text[: match.start()]):
            return "puts {seat} where no sentence opens: the seat's name would be a label"
    return None
