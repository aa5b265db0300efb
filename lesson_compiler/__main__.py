"""``python -m lesson_compiler``: see :mod:`lesson_compiler.cli`."""

from lesson_compiler.cli import main

raise SystemExit(main())
