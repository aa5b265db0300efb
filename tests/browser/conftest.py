"""The other browser engines, Firefox and WebKit, for the modules that drive them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.other_browsers import LAUNCHERS, BrowserNotFoundError, Driver


@pytest.fixture(scope="module", params=sorted(LAUNCHERS))
def driver(request: pytest.FixtureRequest) -> Iterator[Driver]:
    """One browser of each other engine for a module's tests, with the window size the
    module names (`WINDOW`); a missing browser fails with install instructions."""
    try:
        with LAUNCHERS[request.param](*request.module.WINDOW) as launched:
            yield launched
    except BrowserNotFoundError as error:
        raise pytest.fail.Exception(str(error), pytrace=False) from None
