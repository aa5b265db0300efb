"""Where the sources are, which languages the site speaks, and the public base URL."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lesson_compiler import Language, read_languages
from lesson_compiler.languages import LANGUAGES_FILE

DEFAULT_BASE_URL = "https://tute.naipera.example/"
"""A placeholder host (the reserved `.example` domain): deployments pass `--base-url`."""

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
TEMPLATES_DIR = PACKAGE_DIR / "templates"
STATIC_DIR = PACKAGE_DIR / "static"
ENGINE_JS_DIR = PROJECT_ROOT / "engine-js"
"""The rules and bots in JavaScript, which the play page loads (site_builder.play)."""

__all__ = ["DEFAULT_BASE_URL", "PROJECT_ROOT", "STATIC_DIR", "TEMPLATES_DIR", "Config", "Language"]


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
    languages: tuple[Language, ...]
    """In the order of the language switcher: `<content_dir>/languages.toml` (`read`)."""
    base_url: str = DEFAULT_BASE_URL
    static_dir: Path = field(default=STATIC_DIR)
    engine_js_dir: Path = field(default=ENGINE_JS_DIR)
    code_root: Path = field(default=PROJECT_ROOT)
    """The project holding the code and the Babel mappings (`i18n/<domain>.cfg`) that
    `check` extracts interface, card and lesson messages from."""

    @classmethod
    def read(cls, root: Path, lessons_dir: Path | None, base_url: str = DEFAULT_BASE_URL) -> Config:
        """A site whose pages, catalogs and list of languages are under `<root>/locales`.

        Raises `LanguageListError` (a `ValueError` naming the file) for a bad list.
        """
        root = root.resolve()
        locales = root / "locales"
        return cls(
            root=root,
            content_dir=locales,
            catalog_dir=locales,
            lessons_dir=lessons_dir,
            languages=read_languages(locales, f"locales/{LANGUAGES_FILE}"),
            base_url=base_url,
        )

    @classmethod
    def for_project(cls, root: Path, base_url: str = DEFAULT_BASE_URL) -> Config:
        """The real site: pages, catalogs and languages under `locales/`, lessons under
        `lessons/`."""
        return cls.read(root, root.resolve() / "lessons", base_url)

    def rel(self, path: Path) -> str:
        """A source path as messages show it: relative to the root, with forward slashes."""
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()
