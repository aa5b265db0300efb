"""Bad content stops the build with one clear line naming the file, the line and the problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder import BuildError, Config, build_site, check_site
from site_builder import __main__ as site_main
from site_builder.__main__ import main
from site_builder.config import PROJECT_ROOT, TEMPLATES_DIR

RULES = "locales/ca/pages/rules.md"


def _edit(root: Path, path: str, old: str, new: str) -> None:
    file = root / path
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def _problems(config: Config, tmp_path: Path, strict: bool = False) -> list[str]:
    with pytest.raises(BuildError) as caught:
        build_site(config, tmp_path / "out", strict=strict)
    return [str(problem) for problem in caught.value.problems]


def test_raw_html_is_refused_with_its_line(config: Config, site_root: Path, tmp_path: Path) -> None:
    _edit(site_root, RULES, "Ha eixit el tres de copes:", "Ha eixit <b>el tres</b> de copes:")
    assert _problems(config, tmp_path) == [
        f"{RULES}: line 17: raw HTML is not allowed in pages: <b>",
        f"{RULES}: line 17: raw HTML is not allowed in pages: </b>",
    ]


def test_a_script_is_refused_with_its_line(config: Config, site_root: Path, tmp_path: Path) -> None:
    _edit(site_root, RULES, "## Els cants", "<script>alert(1)</script>\n\n## Els cants")
    assert _problems(config, tmp_path) == [
        f"{RULES}: line 26: a script is not allowed in pages: <script>alert(1)</script>"
    ]


def test_raw_html_inside_code_is_only_text(config: Config, site_root: Path, tmp_path: Path) -> None:
    _edit(site_root, RULES, "Ha eixit el tres de copes:", "Ha eixit `<b>` de copes:")
    build_site(config, tmp_path / "out")
    assert "<code>&lt;b&gt;</code>" in (tmp_path / "out/ca/regles/index.html").read_text()


def test_an_example_the_engine_rejects_fails_the_build(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, RULES, 'legal = ["2c"]', 'legal = ["2c", "1o"]')
    problems = _problems(config, tmp_path)
    assert len(problems) == 1
    assert problems[0].startswith(f"{RULES}: line 19: ")
    assert "the engine says legal: 2c, not 2c, 1o" in problems[0]


def test_an_unknown_constant_is_an_error(config: Config, site_root: Path, tmp_path: Path) -> None:
    _edit(site_root, RULES, "{{trump_cant_points}}", "{{trump_points}}")
    problems = _problems(config, tmp_path)
    assert len(problems) == 1
    assert problems[0].startswith(f"{RULES}: line 28: unknown constant {{{{trump_points}}}} ")


def test_a_link_to_an_unknown_page_is_an_error(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, "locales/fr/pages/home.md", "(page:rules)", "(page:regles)")
    assert _problems(config, tmp_path) == [
        "locales/fr/pages/home.md: line 10: link to an unknown page 'regles'"
    ]


def test_a_link_to_a_missing_anchor_is_an_error(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, "locales/ca/pages/faq.md", "(page:rules#cants)", "(page:rules#cant)")
    _edit(site_root, RULES, "(#cards)", "(#card)")
    assert _problems(config, tmp_path) == [
        "locales/ca/pages/faq.md: line 12: link to #cant: page 'rules' has no such anchor",
        f"{RULES}: line 28: link to #card: this page has no such anchor",
    ]


def test_a_link_to_an_unknown_lesson_is_an_error(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, RULES, "(#cards)", "(lesson:follow)")
    assert _problems(config, tmp_path) == [f"{RULES}: line 28: link to an unknown lesson 'follow'"]


def test_a_relative_url_must_name_a_page(config: Config, site_root: Path, tmp_path: Path) -> None:
    _edit(site_root, RULES, "(#cards)", "(../regles/)")
    assert _problems(config, tmp_path) == [
        f"{RULES}: line 28: link '../regles/': name a page (page:ID) or a full https:// address"
    ]


def test_broken_front_matter_names_the_line(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, RULES, 'slug = "regles"', 'slug = "regles')
    problems = _problems(config, tmp_path)
    assert len(problems) == 1
    assert problems[0].startswith(f"{RULES}: line 3: front matter: ")


def test_an_unknown_front_matter_key_is_an_error(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, RULES, 'slug = "regles"', 'slug = "regles"\ntitel = "x"')
    assert _problems(config, tmp_path) == [f"{RULES}: line 4: unknown front matter key 'titel'"]


def test_two_pages_with_one_url_are_refused(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, "locales/ca/pages/faq.md", 'slug = "preguntes"', 'slug = "regles"')
    assert _problems(config, tmp_path) == [f"{RULES}: URL /ca/regles/ is taken by 'faq' too"]


def test_a_missing_translation_warns_and_fails_a_strict_build(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, "locales/fr/LC_MESSAGES/site.po", 'msgstr "Langue"', 'msgstr ""')
    report = build_site(config, tmp_path / "first")
    expected = "locales/fr/LC_MESSAGES/site.po: line 11: msgid 'Language': not translated"
    assert expected in [str(problem) for problem in report.warnings]
    assert expected in _problems(config, tmp_path, strict=True)


def test_check_names_where_an_untranslated_message_is_used(config: Config) -> None:
    report = check_site(config)
    problems = [str(problem) for problem in report.errors]
    template = (TEMPLATES_DIR / "base.html").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(template, 1) if "Skip to the content" in text)
    assert (
        "locales/fr/LC_MESSAGES/site.po: msgid 'Skip to the content' "
        f"(used at site_builder/templates/base.html:{line}): not translated"
    ) in problems


def test_a_page_missing_in_one_language_is_a_warning(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    (site_root / "locales/fr/pages/faq.md").unlink()
    report = build_site(config, tmp_path / "out")
    assert [str(p) for p in report.warnings if "missing" in p.message] == [
        "locales/fr/pages: page 'faq' is missing in this language"
    ]
    assert _problems(config, tmp_path, strict=True)


def test_anchors_that_differ_between_languages_are_a_warning(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    _edit(site_root, "locales/fr/pages/faq.md", "{#tie}", "{#draw}")
    report = build_site(config, tmp_path / "out")
    assert [str(p) for p in report.warnings if "anchor" in p.message] == [
        "locales/fr/pages/faq.md: no anchor #tie (it is in locales/ca/pages/faq.md)",
        "locales/fr/pages/faq.md: line 14: anchor #draw is not in locales/ca/pages/faq.md",
    ]


def test_the_command_line_prints_one_line_per_problem_and_no_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["build", "--base-url", "/tute/"])
    assert caught.value.code == 2
    assert "give an absolute URL such as https://example.org/tute/" in capsys.readouterr().err


def test_a_page_that_is_not_utf8_is_an_error(
    config: Config, site_root: Path, tmp_path: Path
) -> None:
    (site_root / RULES).write_bytes(b'+++\npage = "rules"\xff\n')
    assert _problems(config, tmp_path) == [f"{RULES}: not UTF-8 text (byte 18)"]


def test_a_false_lesson_claim_fails_check_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for folder in ("locales", "lessons"):
        shutil.copytree(PROJECT_ROOT / folder, tmp_path / folder)
    follow = "lessons/04-follow.toml"
    step_2 = 'claims = ["has_suit_led", "can_beat", "partner_winning", "must_beat"]\n'
    _edit(tmp_path, follow, step_2, 'claims = ["no_suit_led"]\n')
    monkeypatch.setattr(site_main, "PROJECT_ROOT", tmp_path)
    assert main(["check"]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert errors == [
        f'error: {follow}: step 3: claim "no_suit_led" is false: '
        "the learner holds 2o, 6o, 7o, 12o of the suit led"
    ]
    with pytest.raises(BuildError) as caught:
        build_site(Config.for_project(tmp_path), tmp_path / "out")
    assert [str(problem) for problem in caught.value.problems] == [errors[0][len("error: ") :]]
