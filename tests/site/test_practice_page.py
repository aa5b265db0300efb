"""The practice page of the real site, rendered in memory: its drills point at the banks
the engine wrote, its worksheets fold their answers, and it stays as light as a lesson."""

from __future__ import annotations

import json
import posixpath
import re
from html.parser import HTMLParser

from engine import parse_card, rank_of
from lesson_compiler import DRILLS, bank_json, build_banks
from lesson_compiler.catalogs import CompiledCatalog, po_path, read_catalog
from lesson_compiler.names import of_suit, the_card, the_rank
from site_builder import Config
from site_builder.assets import page_weight
from site_builder.config import PROJECT_ROOT
from site_builder.practice import BANK_DIR, Explainer
from tests.site.test_weight import LIMIT, plain_name

LANGUAGES = Config.for_project(PROJECT_ROOT).languages


class _Drills(HTMLParser):
    """Collects each `[data-drill]` root's attributes and counts its worksheet parts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.roots: dict[str, dict[str, str]] = {}
        self.counts: dict[str, dict[str, int]] = {}
        self.nav: list[str] = []
        self.current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "data-drill" in found:
            self.current = found["data-drill"]
            self.roots[self.current] = found
            self.counts[self.current] = {"li.worksheet-question": 0, "details": 0, "img": 0}
        elif self.current is not None:
            counts = self.counts[self.current]
            if tag == "li" and found.get("class") == "worksheet-question":
                counts["li.worksheet-question"] += 1
            elif tag in ("details", "img"):
                counts[tag] += 1
        if tag == "a" and found.get("href"):
            self.nav.append(found["href"])


def _practice_pages(files: dict[str, bytes]) -> dict[str, str]:
    pages = {
        path.split("/")[0]: path
        for path, data in files.items()
        if path.endswith(".html") and b"data-practice-data" in data
    }
    assert sorted(pages) == sorted(language.code for language in LANGUAGES)
    return pages


def _parse(html: bytes) -> _Drills:
    parser = _Drills()
    parser.feed(html.decode("utf-8"))
    return parser


def test_each_drill_links_to_its_bank_as_json_and_as_script(files: dict[str, bytes]) -> None:
    banks = {drill: bank_json(items) for drill, items in build_banks().items()}
    for path in _practice_pages(files).values():
        roots = _parse(files[path]).roots
        assert list(roots) == list(DRILLS), path
        folder = posixpath.dirname(path)
        for drill, attributes in roots.items():
            bank = posixpath.normpath(posixpath.join(folder, attributes["data-bank"]))
            script = posixpath.normpath(posixpath.join(folder, attributes["data-bank-script"]))
            assert bank == f"practice/{drill}.json"
            assert json.loads(files[bank]) == banks[drill]
            text = files[script].decode("ascii")
            prefix = f'(window.tuteBanks=window.tuteBanks||{{}})["{drill}"]='
            assert text.startswith(prefix) and text.endswith(";\n"), script
            assert json.loads(text[len(prefix) : -2]) == banks[drill]


def test_each_drill_prints_as_a_worksheet_with_its_answers_folded(
    files: dict[str, bytes],
) -> None:
    for path in _practice_pages(files).values():
        for drill, counts in _parse(files[path]).counts.items():
            assert counts["li.worksheet-question"] == 3, (path, drill)
            assert counts["details"] == 3, (path, drill)
            assert counts["img"] >= 3 * 4, (path, drill)


def test_the_menu_and_the_lessons_index_link_to_the_practice_page(
    files: dict[str, bytes],
) -> None:
    for lang, path in _practice_pages(files).items():
        slug = path.split("/")[1]
        lessons = next(
            p
            for p, data in files.items()
            if p.startswith(f"{lang}/") and b'class="lesson-index"' in data
        )
        for page in (lessons, f"{lang}/index.html"):
            links = _parse(files[page]).nav
            assert any(re.search(rf"(^|/){slug}/index\.html$", href) for href in links), page


def test_the_last_lesson_leads_on_to_the_practice_page(files: dict[str, bytes]) -> None:
    for lang, path in _practice_pages(files).items():
        last = max(
            p
            for p, data in files.items()
            if p.startswith(f"{lang}/")
            and b"data-lesson-data" in data
            and re.search(r"/\d+-[^/]+/index\.html$", p)
        )
        pager = files[last].decode("utf-8").split('class="lesson-pager"')[1]
        target = re.search(r'class="pager-next" href="([^"]+)"', pager)
        assert target is not None, last
        assert posixpath.normpath(posixpath.join(posixpath.dirname(last), target[1])) == path


def test_the_practice_page_stays_within_a_lesson_pages_budget(files: dict[str, bytes]) -> None:
    for path in _practice_pages(files).values():
        weights = page_weight(files, path)
        assert not any(name.startswith("practice/") for name in weights), "banks load on demand"
        loaded = {plain_name(name) for name in weights}
        assert {"static/widget.css", "static/lesson.js", "static/content.css"}.isdisjoint(loaded)
        total = sum(weights.values())
        print(f"{path}: {total} bytes, limit {LIMIT}")
        assert total < LIMIT, weights


def _texts(files: dict[str, bytes], lang: str, drill: str) -> list[dict[str, list[str]]]:
    """The drill's texts in `lang`, checked to be the same in the JSON file and the script."""
    data = json.loads(files[f"practice/{lang}/{drill}.json"])
    script = files[f"practice/{lang}/{drill}.js"].decode("ascii")
    prefix = f'(window.tuteTexts=window.tuteTexts||{{}})["{drill}"]='
    assert script.startswith(prefix) and json.loads(script[len(prefix) : -2]) == data
    return list(data["items"])


def test_each_drill_points_at_its_texts_in_the_pages_language(files: dict[str, bytes]) -> None:
    banks = {drill: bank_json(items)["items"] for drill, items in build_banks().items()}
    for lang, path in _practice_pages(files).items():
        folder = posixpath.dirname(path)
        for drill, attributes in _parse(files[path]).roots.items():
            texts = posixpath.normpath(posixpath.join(folder, attributes["data-texts"]))
            script = posixpath.normpath(posixpath.join(folder, attributes["data-texts-script"]))
            assert (texts, script) == (
                f"{BANK_DIR}/{lang}/{drill}.json",
                f"{BANK_DIR}/{lang}/{drill}.js",
            )
            items = _texts(files, lang, drill)
            assert len(items) == len(banks[drill]), (lang, drill)
            for said in items:
                assert said["why"], (lang, drill, said)
                for line in said["lines"] + said["why"]:
                    # Every placeholder filled, every sentence whole.
                    assert line and "{" not in line and "}" not in line, (lang, drill, line)
                    assert line[0] == line[0].upper() and line[-1] in ".!", (lang, drill, line)


# The words that name each rule in each language (the glossaries' terms): every answer
# must say which rule decided it.
RULE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "free": "anything goes",
        "no_higher_trump": "no trump higher than",
        "follow": "follow suit",
        "beat": "beat",
        "follow_trumped": "ruffed",
        "trump": "must ruff",
        "overtrump": "must overruff",
        "must_follow_suit": "follow suit",
        "must_beat": "beat",
        "must_trump": "must ruff",
        "must_overtrump": "must overruff",
        "trump_wins": "trump",
        "suit_led": "the suit led",
        "never": "never win",
        "last": "the last-trick bonus",
        "forty": "the 40",
        "twenty": "the 20",
        "tute": "tute",
        "no_pair": "the king and the horse",
        "sung_once": "sung only once",
    },
    "ca": {
        "free": "val tot",
        "no_higher_trump": "cap triomf més alt que",
        "follow": "assistir",
        "beat": "muntar",
        "follow_trumped": "fallada",
        "trump": "has de fallar",
        "overtrump": "has de contrafallar",
        "must_follow_suit": "assistir",
        "must_beat": "muntar",
        "must_trump": "has de fallar",
        "must_overtrump": "has de contrafallar",
        "trump_wins": "triomf",
        "suit_led": "pal d'eixida",
        "never": "no guany",
        "last": "les deu d'últimes",
        "forty": "les quaranta",
        "twenty": "les vint",
        "tute": "tute",
        "no_pair": "el rei i el cavall",
        "sung_once": "una sola vegada",
    },
    "fr": {
        "free": "tout est permis",
        "no_higher_trump": "ni atout plus fort que",
        "follow": "fournir",
        "beat": "monter",
        "follow_trumped": "coupé",
        "trump": "tu dois couper",
        "overtrump": "tu dois surcouper",
        "must_follow_suit": "fournir",
        "must_beat": "bat",
        "must_trump": "tu dois couper",
        "must_overtrump": "tu dois surcouper",
        "trump_wins": "atout",
        "suit_led": "couleur demandée",
        "never": "jamais",
        "last": "le dix de der",
        "forty": "les quarante",
        "twenty": "les vingt",
        "tute": "tute",
        "no_pair": "le roi et le cavalier",
        "sung_once": "qu'une fois",
    },
    "es": {
        "free": "vale todo",
        "no_higher_trump": "ningún triunfo más alto que",
        "follow": "asistir",
        "beat": "montar",
        "follow_trumped": "fallada",
        "trump": "tienes que fallar",
        "overtrump": "tienes que contrafallar",
        "must_follow_suit": "asistir",
        "must_beat": "montar",
        "must_trump": "tienes que fallar",
        "must_overtrump": "tienes que contrafallar",
        "trump_wins": "triunfo",
        "suit_led": "palo de salida",
        "never": "nunca",
        "last": "las diez de últimas",
        "forty": "las cuarenta",
        "twenty": "las veinte",
        "tute": "tute",
        "no_pair": "el rey y el caballo",
        "sung_once": "una sola vez",
    },
    "pt": {
        "free": "vale tudo",
        "no_higher_trump": "nenhum trunfo mais alto do que",
        "follow": "assistir",
        "beat": "subir",
        "follow_trumped": "cortada",
        "trump": "tens de cortar",
        "overtrump": "tens de sobrecortar",
        "must_follow_suit": "assistir",
        "must_beat": "subir",
        "must_trump": "tens de cortar",
        "must_overtrump": "tens de sobrecortar",
        "trump_wins": "trunfo",
        "suit_led": "naipe de saída",
        "never": "nunca",
        "last": "as dez da última",
        "forty": "as quarenta",
        "twenty": "as vinte",
        "tute": "tute",
        "no_pair": "o rei e o cavalo",
        "sung_once": "só se canta uma vez",
    },
}


def _words(files: dict[str, bytes], path: str) -> dict[str, dict[str, str]]:
    html = files[path].decode("utf-8")
    found = re.search(r"<script type=\"application/json\" data-practice-data>(.*?)</script>", html)
    assert found is not None, path
    return dict(json.loads(found[1]))


def _one(lines: list[str], *needles: str) -> str:
    """The one line holding every needle: a reason is one sentence, not pieces."""
    holding = [line for line in lines if all(needle in line for needle in needles)]
    assert len(holding) == 1, (needles, lines)
    return holding[0]


def _named(lang: str, codes: list[str]) -> list[str]:
    """What names `codes` in a list: each card's name, or, for several cards of one suit,
    each rank with its article and the suit once after them."""
    game = _catalog(lang, "game")
    names: list[str] = []
    for suit in dict.fromkeys(code[-1] for code in codes):
        group = [code for code in codes if code[-1] == suit]
        if len(group) == 1:
            names.append(the_card(parse_card(group[0]), game))
        else:
            names += [the_rank(rank_of(parse_card(code)), game) for code in group]
            names.append(of_suit(suit, game))
    return names


def _catalog(lang: str, domain: str) -> CompiledCatalog:
    path = po_path(PROJECT_ROOT / "locales", lang, domain)
    catalog, problems = read_catalog(path, str(path), lang, domain)
    assert catalog is not None and problems == []
    return CompiledCatalog(catalog, str(path))


def test_every_legal_answer_names_the_rule_for_every_card(files: dict[str, bytes]) -> None:
    bank = bank_json(build_banks()["legal"])["items"]
    for lang in _practice_pages(files):
        words = RULE_WORDS[lang]
        for item, said in zip(bank, _texts(files, lang, "legal"), strict=True):
            why = said["why"]
            # First the rule that decided the legal cards, naming them unless any card will do.
            duty = why[0]
            assert words[item["duty"]] in duty, (lang, item, duty)
            if item["duty"] not in ("free", "no_higher_trump"):
                assert all(name in duty for name in _named(lang, item["legal"])), (lang, duty)
            # The refused cards in the one sentence of the rule refusing them.
            refused: dict[str, list[str]] = {}
            for code in item["hand"]:
                if code in item["reasons"]:
                    refused.setdefault(item["reasons"][code], []).append(code)
            for reason, codes in refused.items():
                _one(why[1:], *_named(lang, codes), words[reason])
            assert len(why) == 1 + len(refused), (lang, item, why)


def test_every_winner_answer_says_why_it_wins(files: dict[str, bytes]) -> None:
    bank = bank_json(build_banks()["winner"])["items"]
    for lang, path in _practice_pages(files).items():
        words, the = RULE_WORDS[lang], _words(files, path)["the_cards"]
        for item, said in zip(bank, _texts(files, lang, "winner"), strict=True):
            winner = the[item["trick"][item["winner"]]]
            rule = words["suit_led"] if item["why"] == "highest_of_suit" else words["trump_wins"]
            _one(said["why"], winner, rule)
            if item["astray"]:
                astray = [item["trick"][index] for index in item["astray"]]
                _one(said["why"], *_named(lang, astray), words["never"])


def test_every_points_answer_counts_card_by_card(files: dict[str, bytes]) -> None:
    bank = bank_json(build_banks()["points"])["items"]
    for lang in _practice_pages(files):
        words = RULE_WORDS[lang]
        for item, said in zip(bank, _texts(files, lang, "points"), strict=True):
            (line,) = said["why"]
            # Each rank's points in the order it first comes: cards of one rank together.
            by_rank: dict[str, int] = {}
            for code, value in zip(item["trick"], item["values"], strict=True):
                if value:
                    by_rank[code[:-1]] = by_rank.get(code[:-1], 0) + value
            counted = list(by_rank.values())
            # The total, each rank's points in turn, and the last trick's ten named.
            numbers = [int(n) for n in re.findall(r"\d+", line)]
            total = [item["points"]] if counted or item["last"] else []
            assert numbers == total + counted, (lang, line)
            assert (words["last"] in line) == item["last"], (lang, item, line)


def test_every_cants_answer_says_what_the_cant_needs(files: dict[str, bytes]) -> None:
    bank = bank_json(build_banks()["cants"])["items"]
    for lang in _practice_pages(files):
        words = RULE_WORDS[lang]
        for item, said in zip(bank, _texts(files, lang, "cants"), strict=True):
            text = " ".join(said["why"])
            kind = item["answer"]["kind"]
            if kind == "none" and not set(item["pairs"]) & set(item["sung"]):
                assert words["no_pair"] in text, (lang, item, text)
            elif kind != "none":
                assert words[kind] in text, (lang, item, text)
            # A pair held but sung before is said to be sung once a hand.
            if kind != "tute" and set(item["pairs"]) & set(item["sung"]):
                assert words["sung_once"] in text, (lang, item, text)


def test_cards_of_several_suits_are_named_by_suit_and_the_suits_parted() -> None:
    """Suits' groups are parted by commas, or, three or more, by semicolons where a group
    has commas."""
    words = Explainer(_catalog("en", "site"), _catalog("en", "game"))
    assert words.some_cards(["1o", "3o"], words.one_of) == "the ace or the three of coins"
    two = words.some_cards(["1o", "3o", "12c"], words.none_of)
    assert two == "the ace or the three of coins, or the king of cups"
    three = words.some_cards(["1o", "12c", "3o", "7e"], words.all_of)
    assert three == "the ace and the three of coins, the king of cups, and the seven of swords"
    two_long = words.some_cards(["1o", "3o", "7o", "12c"], words.none_of)
    assert two_long == "the ace, the three or the seven of coins, or the king of cups"
    long = words.some_cards(["1o", "3o", "7o", "12c", "7e"], words.none_of)
    assert (
        long == "the ace, the three or the seven of coins; the king of cups; or the seven of swords"
    )
    singles = words.some_cards(["1o", "12c", "7e"], words.one_of)
    assert singles == "the ace of coins, the king of cups or the seven of swords"
