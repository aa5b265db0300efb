# A fresh machine needs two commands: `make site` builds the site into build/,
# `make test` runs every check. Both create .venv and install what they need.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
PORT ?= 8000

# mypy checks the packages that exist, so the targets work while the tree grows.
PACKAGES := $(wildcard engine lesson_compiler site_builder)
# A package that appears after the install must be installed too (console script,
# editable finder): its __init__.py being newer than the stamp triggers that.
PACKAGE_INITS := $(wildcard $(addsuffix /__init__.py,$(PACKAGES)))

# The language codes come from the one list, locales/languages.toml.
LANGUAGES = $(shell $(PY) -m lesson_compiler languages)
DOMAINS := site game lessons

.DEFAULT_GOAL := site
.PHONY: site test serve bench bench-bots bench-pages translations clean distclean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml $(PACKAGE_INITS) | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(PACKAGE_INITS) | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

site: $(VENV)/.installed node_modules/.installed
	$(PY) -m site_builder build

# Chromium comes from $$TUTE_CHROMIUM, Playwright or the system (tests/chromium.py);
# Firefox ESR and WebKitGTK (with Xvfb) from the system (tests/other_browsers.py).
# If none is found, ask Playwright for one, then (as root on Debian) apt; where both
# fail, the browser tests error with install instructions.
# The build minifies the browser code with esbuild; the browser code's JavaScript and CSS, the
# JavaScript rules (engine-js/) and their test driver are linted with ESLint and Stylelint;
# all pinned in package-lock.json; Node.js comes from
# the system (as root on Debian, apt installs it), and the tests of engine-js/ run it.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

test: $(VENV)/.installed-test node_modules/.installed
	@$(PY) tests/chromium.py || $(PY) -m playwright install chromium \
		|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
		|| echo "warning: no Chromium; the browser tests will fail (see README.md)"
	@$(PY) tests/other_browsers.py \
		|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb; } \
		|| echo "warning: no Firefox or WebKit; their browser tests will fail (see README.md)"
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	npx --no-install eslint site_builder/static engine-js tests/engine_js benchmarks/engine-js.js \
		benchmarks/bots.js eslint.config.js
	npx --no-install stylelint "site_builder/static/*.css"
	$(if $(PACKAGES),$(BIN)/mypy $(PACKAGES),@echo "mypy: no packages to check yet")
	$(PY) -m pytest

# Rebuilds when a source changes and keeps serving the last good build.
serve: $(VENV)/.installed node_modules/.installed
	$(PY) -m site_builder serve --port $(PORT)

bench: $(VENV)/.installed node_modules/.installed bench-bots
	$(PY) -m benchmarks.engine
	node benchmarks/engine-js.js
	$(PY) -m benchmarks.site

# The machine players on duplicate deals (2,000 pairs per pairing by default; minutes on two
# cores). A quick look: node benchmarks/bots.js --pairs 100
bench-bots:
	node benchmarks/bots.js

# Lighthouse comes from npm, pinned by benchmarks/lighthouse/package-lock.json and installed
# there (never shipped); Chromium as for the tests (tests/chromium.py).
LIGHTHOUSE := benchmarks/lighthouse/node_modules/.bin/lighthouse

$(LIGHTHOUSE): benchmarks/lighthouse/package.json benchmarks/lighthouse/package-lock.json
	npm ci --prefix benchmarks/lighthouse --no-audit --no-fund
	touch $@

bench-pages: $(VENV)/.installed-test node_modules/.installed $(LIGHTHOUSE)
	$(PY) -m benchmarks.pages
	$(PY) -m benchmarks.long_tasks

# Extract each domain's messages into locales/<domain>.pot (committed, as the catalogs
# are), then merge them into every language's locales/<lang>/LC_MESSAGES/<domain>.po
# (created when missing).
translations: $(VENV)/.installed
	@set -e; for domain in $(DOMAINS); do \
		$(BIN)/pybabel extract --mapping-file i18n/$$domain.cfg --output-file locales/$$domain.pot \
			--add-comments Translators: --project "tute per parelles" --copyright-holder Naipera --sort-by-file . ; \
		for lang in $(LANGUAGES); do \
			$(BIN)/pybabel update --init-missing --previous --ignore-pot-creation-date \
				--domain $$domain --input-file locales/$$domain.pot --output-dir locales \
				--locale $$lang ; \
		done; \
	done

clean:
	rm -rf build test-artifacts .pytest_cache .mypy_cache .ruff_cache *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find locales -name '*.mo' -delete 2>/dev/null || true

distclean: clean
	rm -rf $(VENV) .hypothesis node_modules benchmarks/lighthouse/node_modules
