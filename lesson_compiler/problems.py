"""Problems found in lessons, examples and catalogs, and the message catalogs' shape."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a source file, said on one line: the file, the place, what."""

    path: str
    where: str
    message: str

    def __str__(self) -> str:
        if self.where:
            return f"{self.path}: {self.where}: {self.message}"
        return f"{self.path}: {self.message}"


class Messages(Protocol):
    """A translation catalog: ``babel.support.Translations`` and ``NullTranslations`` fit.

    It is hashable (any object is, by identity), so that names composed from it are cached.
    """

    def __hash__(self) -> int: ...

    def gettext(self, message: str) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
