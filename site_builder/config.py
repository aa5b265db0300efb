"""Where the sources are, which languages the site speaks, and the public base URL."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_BASE_URL = "https://tute.naipera.example/"
"""A placeholder host (the reserved `.example` domain): deployments pass `--base-url`."""

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
TEMPLATES_DIR = PACKAGE_DIR / "templates"
STATIC_DIR = PACKAGE_DIR / "static"


@dataclass(frozen=True)
class Language:
    """A language of the site: its code in paths and catalogs, and its web tags."""

    code: str
    """Folder and URL segment, and the gettext locale: "ca"."""
    tag: str
    """BCP 47 tag for `<html lang>` and `hreflang`: "pt-PT"."""
    og_locale: str
    """Open Graph locale: "ca_ES"."""


LANGUAGES: tuple[Language, ...] = (
    Language("ca", "ca", "ca_ES"),
    Language("fr", "fr", "fr_FR"),
    Language("es", "es", "es_ES"),
    Language("pt", "pt-PT", "pt_PT"),
    Language("en", "en", "en_GB"),
)


@dataclass(frozen=True)
class Config:
    """The inputs of one build; tests point the folders at small fixture trees."""

    root: Path
    """Paths in messages are relative to this folder (the project root)."""
    content_dir: Path
    """Holds `<lang>/pages/*.md`."""
    catalog_dir: Path
    """Holds `<lang>/LC_MESSAGES/<domain>.po`."""
    lessons_dir: Path | None
    """Holds `NN-name.toml` lessons; None builds a site without lessons."""
    languages: tuple[Language, ...] = LANGUAGES
    base_url: str = DEFAULT_BASE_URL
    static_dir: Path = field(default=STATIC_DIR)
    code_root: Path = field(default=PROJECT_ROOT)
    """The project holding the code and the Babel mappings (`i18n/<domain>.cfg`) that
    `check` extracts interface, card and lesson messages from."""

    @classmethod
    def for_project(cls, root: Path, base_url: str = DEFAULT_BASE_URL) -> Config:
        """The real site: pages and catalogs under `locales/`, lessons under `lessons/`."""
        root = root.resolve()
        return cls(
            root=root,
            content_dir=root / "locales",
            catalog_dir=root / "locales",
            lessons_dir=root / "lessons",
            base_url=base_url,
        )

    def rel(self, path: Path) -> str:
        """A source path as messages show it: relative to the root, with forward slashes."""
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()
