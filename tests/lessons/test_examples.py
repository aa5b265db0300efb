"""Rule examples from content pages: verified by the engine, compiled with plain-words refusals."""

from __future__ import annotations

from lesson_compiler import Messages, compile_example, parse_example

BODY = """trump = "b"
trick = ["5c", "12c"]
hand = ["2c", "7c", "1c", "1o"]
legal = ["1c"]
refused = { "7c" = "must_beat", "1o" = "must_follow_suit" }
"""


def test_a_true_example_compiles_with_every_refusal_explained(
    catalogs: dict[str, tuple[Messages, Messages]],
) -> None:
    example, problems = parse_example(BODY, "locales/ca/pages/rules.md", 40)
    assert problems == []
    assert example is not None
    data = compile_example(example, "ca", catalogs["ca"][1])
    assert data["legal"] == ["1c"]
    assert data["refusals"] == {
        "2c": {
            "reason": "must_beat",
            "message": "Has de muntar: en copes tens una carta més alta que el rei de copes.",
        },
        "7c": {
            "reason": "must_beat",
            "message": "Has de muntar: en copes tens una carta més alta que el rei de copes.",
        },
        "1o": {"reason": "must_follow_suit", "message": "Has d'assistir: tens copes."},
    }
    assert data["cards"]["12c"] == "rei de copes"
    assert data["suits"]["b"] == "bastos"


def test_trumping_refusals_name_the_suit_and_the_trump_to_beat(
    catalogs: dict[str, tuple[Messages, Messages]],
) -> None:
    ruff, _ = parse_example(
        'trump = "e"\ntrick = ["1o"]\nhand = ["4c", "2e"]\nlegal = ["2e"]', "p", 1
    )
    over, _ = parse_example(
        'trump = "e"\ntrick = ["3c", "5e"]\nhand = ["10e", "1o"]\nlegal = ["10e"]', "p", 1
    )
    assert ruff is not None and over is not None
    game = catalogs["fr"][1]
    assert compile_example(ruff, "fr", game)["refusals"]["4c"]["message"] == (
        "Tu dois couper\u00a0: tu n'as aucune carte de la couleur demandée (deniers), "
        "tu as de l'atout et personne n'a encore coupé."
    )
    assert compile_example(over, "fr", game)["refusals"]["1o"]["message"] == (
        "Tu dois surcouper\u00a0: tu n'as aucune carte de la couleur demandée (coupes) "
        "et tu as un atout plus fort que le cinq d'épées."
    )


def test_a_wrong_legal_claim_names_the_line_of_the_fence() -> None:
    body = BODY.replace('legal = ["1c"]', 'legal = ["1c", "7c"]')
    example, problems = parse_example(body, "locales/ca/pages/rules.md", 40)
    assert example is None
    assert [str(p) for p in problems] == [
        "locales/ca/pages/rules.md: line 40: the engine says legal: 1c, not 1c, 7c"
    ]


def test_a_wrong_pinned_reason() -> None:
    body = BODY.replace('"7c" = "must_beat"', '"7c" = "must_follow_suit"')
    _, problems = parse_example(body, "page.md", 3)
    assert [str(p) for p in problems] == [
        "page.md: line 3: 7c is refused for must_beat, not refused for must_follow_suit"
    ]


def test_a_toml_error_names_the_line_inside_the_page() -> None:
    _, problems = parse_example('trump = "b"\ntrick = = ["1c"]\n', "page.md", 10)
    assert len(problems) == 1
    assert str(problems[0]).startswith("page.md: line 12: invalid TOML")


def test_an_unknown_key_and_a_bad_card() -> None:
    _, problems = parse_example(BODY + 'legl = ["1c"]\n', "page.md", 3)
    assert [str(p) for p in problems] == [
        "page.md: line 3: unknown key 'legl' in an example "
        "(expected one of: claims, hand, legal, refused, trick, trump)"
    ]
    _, problems = parse_example(BODY.replace('"2c"', '"2z"'), "page.md", 3)
    assert [str(p) for p in problems] == [
        "page.md: line 3: hand: not a card code: '2z' (expected e.g. 1o, 7c, 10e, 12b)"
    ]


def test_an_example_may_claim_the_duty_it_shows() -> None:
    body = BODY + 'claims = ["has_suit_led", "must_beat", "not_trumped"]\n'
    example, problems = parse_example(body, "locales/ca/pages/rules.md", 40)
    assert problems == []
    assert example is not None


def test_a_false_or_unaskable_claim_in_an_example_names_the_line() -> None:
    body = BODY + 'claims = ["must_follow", "trick_lost"]\n'
    example, problems = parse_example(body, "locales/ca/pages/rules.md", 40)
    assert example is None
    assert [str(p) for p in problems] == [
        'locales/ca/pages/rules.md: line 40: claim "must_follow" is false: the engine refuses '
        "2c (must_beat), 7c (must_beat), 1o (must_follow_suit)",
        'locales/ca/pages/rules.md: line 40: claim "trick_lost" needs the seats and hands of a '
        "lesson, which a rule example lacks",
    ]
