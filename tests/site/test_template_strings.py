"""The templates' gettext callables answer as the i18n extension's own newstyle ones do."""

from __future__ import annotations

from jinja2 import Environment

from lesson_compiler.catalogs import CompiledCatalog
from lesson_compiler.po import parse_po
from site_builder.template_strings import TemplateStrings

CATALOG = """\
msgid ""
msgstr ""
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Lesson %(number)s of %(total)s"
msgstr "Leçon %(number)s sur %(total)s"

msgid "Tricks & <points>"
msgstr "Plis & <points>"

msgid "100%% sure"
msgstr "Sûr à 100%%"

msgctxt "navigation"
msgid "Rules"
msgstr "Règles"

msgctxt "navigation"
msgid "%(context)s: %(what)s"
msgstr "%(what)s (%(context)s)"

msgid "%(num)s step"
msgid_plural "%(num)s steps"
msgstr[0] "%(num)s étape"
msgstr[1] "%(num)s étapes"

msgid "%(count)s card"
msgid_plural "%(count)s cards"
msgstr[0] "%(count)s carte"
msgstr[1] "%(count)s cartes"
"""

TEMPLATE = """\
{{ _("Lesson %(number)s of %(total)s", number=3, total="<7>") }}
{{ _("Tricks & <points>") }} {{ _("100%% sure") }} {{ gettext("Unknown") }}
{{ pgettext("navigation", "Rules") }}
{{ pgettext("navigation", "%(context)s: %(what)s", what="<b>") }}
{% for count in (0, 1, 2) %}
{% trans count=count %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %},
{% endfor %}
{{ ngettext("%(num)s step", "%(num)s steps", 5) }} {{ npgettext("x", "one", "%(num)s many", 2) }}
"""


def _environment() -> Environment:
    return Environment(autoescape=True, extensions=["jinja2.ext.i18n"], trim_blocks=True)


def test_the_templates_strings_match_the_i18n_extensions_own() -> None:
    catalog = CompiledCatalog(parse_po(CATALOG), "fr.po")
    jinja = _environment()
    jinja.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
    ours = _environment()
    ours.newstyle_gettext = True  # type: ignore[attr-defined]
    ours.globals.update(TemplateStrings(catalog).globals())
    expected = jinja.from_string(TEMPLATE).render()
    assert "Leçon 3 sur &lt;7&gt;" in expected
    assert "Sûr à 100%" in expected
    assert "&lt;b&gt; (navigation)" in expected
    assert "0 carte,\n1 carte,\n2 cartes," in expected
    for _ in range(2):  # the second time, from the strings made the first time
        assert ours.from_string(TEMPLATE).render() == expected
