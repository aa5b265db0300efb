"""Write a whole build into a fresh folder, then put it in place of the old output at once."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath
from types import TracebackType

from site_builder.report import BuildError, Problem


class Writer:
    """Writes files under a temporary folder beside `out`; `commit` swaps it in.

    A path written twice is a bug in the build (two pages with one URL), so it is refused.
    Leaving the `with` block without `commit` removes the temporary folder and leaves the
    previous output untouched. A build that was killed cannot clean up after itself, so each
    new writer first removes the temporary folders of builds that are no longer running.
    """

    def __init__(self, out: Path) -> None:
        self.out = out.resolve()
        self.out.parent.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(self.out)
        self.folder = Path(tempfile.mkdtemp(prefix=_prefix(self.out, "new"), dir=self.out.parent))
        self.written: set[str] = set()
        self.folders: set[Path] = {self.folder}
        """Folders made so far: most pages have their own, asked for once."""

    def write(self, path: str, data: bytes) -> None:
        """Write one file; `path` is relative, with forward slashes."""
        relative = PurePosixPath(path)
        if path in self.written or relative.is_absolute() or ".." in relative.parts:
            raise BuildError([Problem(self.out.name, "", f"{path}: written twice or outside")])
        self.written.add(path)
        target = self.folder / relative
        if target.parent not in self.folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            self.folders.add(target.parent)
        target.write_bytes(data)

    def commit(self) -> None:
        """Replace the old output with everything written."""
        old = None
        if self.out.exists():
            old = Path(tempfile.mkdtemp(prefix=_prefix(self.out, "old"), dir=self.out.parent))
            self.out.rename(old / "previous")
        self.folder.rename(self.out)
        if old is not None:
            shutil.rmtree(old)

    def __enter__(self) -> Writer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.folder.exists():
            shutil.rmtree(self.folder)


def _prefix(out: Path, kind: str) -> str:
    """A temporary folder's name names its process, so a later build can tell it is orphaned."""
    return f".{out.name}.{kind}-{os.getpid()}-"


def _remove_leftovers(out: Path) -> None:
    """Remove the temporary folders beside `out` whose build process is gone (it was killed)."""
    for kind in ("new", "old"):
        for folder in out.parent.glob(f".{out.name}.{kind}-*"):
            pid = folder.name.removeprefix(f".{out.name}.{kind}-").partition("-")[0]
            if folder.is_dir() and not (pid.isdigit() and _running(int(pid))):
                shutil.rmtree(folder, ignore_errors=True)


def _running(pid: int) -> bool:
    """Whether a process with this id exists (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
