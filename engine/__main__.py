"""``python -m engine``: the rules as a JSON command line."""

from engine.cli import main

raise SystemExit(main())
