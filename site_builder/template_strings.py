"""A language's interface strings as the page templates ask for them.

Templates translate with the i18n extension's newstyle calls (`_("Lesson %(number)s of
%(total)s", number=…)`, `pgettext(…)`, `{% trans count=… %}`): the translation is escaped,
then `%`-formatted with the call's variables, even when there are none. The extension's own
callables get there through two calls that Jinja inspects each time, and every page of a
language asks for the same strings again, which made them a third of a lesson template's time.
These give the same answers; a string asked for without variables is made once.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from lesson_compiler.catalogs import CompiledCatalog


class TemplateStrings:
    """The newstyle gettext callables of one language, for the templates' globals."""

    def __init__(self, catalog: CompiledCatalog) -> None:
        self.catalog = catalog
        self._plain: dict[tuple[str | None, str], Markup] = {}

    def globals(self) -> dict[str, Any]:
        """The names the templates call, as the i18n extension would install them."""
        return {
            "_": self.gettext,
            "gettext": self.gettext,
            "pgettext": self.pgettext,
            "ngettext": self.ngettext,
            "npgettext": self.npgettext,
        }

    def gettext(self, message: str, /, **variables: Any) -> Markup:
        """The translation of a message, its `%(name)s` fields filled."""
        if variables:
            return Markup(self.catalog.gettext(message)) % variables
        return self._once(None, message)

    def pgettext(self, context: str, message: str, /, **variables: Any) -> Markup:
        """The translation of a message in a context, which is also a field, `%(context)s`."""
        if variables:
            return Markup(self.catalog.pgettext(context, message)) % {
                "context": context,
                **variables,
            }
        return self._once(context, message)

    def ngettext(self, singular: str, plural: str, n: int, /, **variables: Any) -> Markup:
        """The plural form for `n`, which is also a field, `%(num)s`."""
        return Markup(self.catalog.ngettext(singular, plural, n)) % {"num": n, **variables}

    def npgettext(
        self, context: str, singular: str, plural: str, n: int, /, **variables: Any
    ) -> Markup:
        """The plural form for `n` in a context; both are also fields."""
        text = self.catalog.npgettext(context, singular, plural, n)
        return Markup(text) % {"context": context, "num": n, **variables}

    def _once(self, context: str | None, message: str) -> Markup:
        """A message asked for without variables, formatted with the fields newstyle
        gettext always gives it, the first time only."""
        key = (context, message)
        found = self._plain.get(key)
        if found is None:
            if context is None:
                found = Markup(self.catalog.gettext(message)) % {}
            else:
                found = Markup(self.catalog.pgettext(context, message)) % {"context": context}
            self._plain[key] = found
        return found
