"""The static site of tute per parelles: localized rules, FAQ and lessons, engine-verified.

`build_site` reads every source into memory and verifies it, then renders and writes each
page in turn into a folder that replaces the output only when all succeeded; `check_site`
does the same without writing, plus the translation checks.
"""

from site_builder.build import build_site, check_site, render_site
from site_builder.config import DEFAULT_BASE_URL, Config, Language
from site_builder.report import BuildError, Report

__all__ = [
    "DEFAULT_BASE_URL",
    "BuildError",
    "Config",
    "Language",
    "Report",
    "build_site",
    "check_site",
    "render_site",
]
