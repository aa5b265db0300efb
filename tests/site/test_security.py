"""JSON safe inside a `<script>` element, whole or with a value encoded beforehand."""

from __future__ import annotations

from typing import Any

import pytest

from site_builder.security import json_script, json_script_with

DATA: dict[str, Any] = {
    "title": "Fallar & contrafallar",
    "cards": {"12b": "rei de bastos", "1o": "as d'oros"},
    "lang": "ca",
    "start": 0,
}


@pytest.mark.parametrize(
    "key", ["a", "lang", "nodes", "zz"], ids=["first", "middle", "between", "last"]
)
def test_a_value_encoded_beforehand_gives_the_same_bytes_wherever_its_key_sorts(key: str) -> None:
    value = [{"say": "<b> & </b>", "refusals": {"3c": 0}}, None, 1.5]
    assert json_script_with(DATA, key, json_script(value)) == json_script({**DATA, key: value})


def test_a_value_encoded_beforehand_may_be_the_only_one() -> None:
    assert json_script_with({}, "nodes", json_script([1])) == json_script({"nodes": [1]})


def test_script_json_escapes_what_could_close_the_element() -> None:
    text = json_script({"say": "</script><!--&"})
    assert "<" not in text and ">" not in text and "&" not in text
