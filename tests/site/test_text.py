"""Plain text for structured data: what a reader sees, spaces as HTML shows them."""

from __future__ import annotations

from site_builder.text import plain_text


def test_blocks_become_lines_and_runs_of_spaces_one_space() -> None:
    html = "<h2>Les  annonces</h2>\n<p>Vingt\n  et <b>quarante</b>.</p><ul><li>Un</li><li>Deux</li>"
    assert plain_text(html) == "Les annonces\nVingt et quarante.\nUn\nDeux"


def test_no_break_spaces_are_kept_where_french_puts_them() -> None:
    html = "<h2>Les annonces\u00a0: les vingt</h2><p>Qui gagne\u202f? Toi&nbsp;!</p>"
    assert plain_text(html) == "Les annonces\u00a0: les vingt\nQui gagne\u202f? Toi\u00a0!"
