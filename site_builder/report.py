"""Problems found while building, collected as errors and warnings, and the one error type."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lesson_compiler import Problem

__all__ = ["BuildError", "Problem", "Report", "where"]


def where(line: int | None) -> str:
    """The place part of a problem: "line 12", or "" when the whole file is concerned."""
    return f"line {line}" if line is not None else ""


class BuildError(Exception):
    """The build stopped: every problem found, one line each, each naming its file."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


@dataclass
class Report:
    """Errors stop the build; warnings stop it only in strict mode. No duplicates, in order."""

    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    def error(self, path: str, line: int | None, message: str) -> None:
        """Note an error at a line of a source file (None: the whole file)."""
        self.add_errors([Problem(path, where(line), message)])

    def warn(self, path: str, line: int | None, message: str) -> None:
        """Note a warning at a line of a source file (None: the whole file)."""
        problem = Problem(path, where(line), message)
        if problem not in self.warnings:
            self.warnings.append(problem)

    def add_errors(self, problems: Iterable[Problem]) -> None:
        """Note problems found by another part (the lesson compiler) as errors."""
        for problem in problems:
            if problem not in self.errors:
                self.errors.append(problem)

    def failed(self, strict: bool) -> bool:
        """Whether the build must stop: any error, or in strict mode any warning."""
        return bool(self.errors or (strict and self.warnings))

    def stop_if_failed(self, strict: bool) -> None:
        """Raise `BuildError` with every problem that makes the build fail."""
        if self.failed(strict):
            raise BuildError(self.errors + (self.warnings if strict else []))
