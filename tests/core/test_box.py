"""The component editor's model (engine.core.box, engine/<game>/box.py): every kind of every
game reads and writes each built-in record's fields as the data has them, every value the data
holds is one the field offers, and every line a record is listed by can be said."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import components
from engine.core.box import Count, Effect, Field, Flag, Goods, Pick, Text, applies, field_value, value_at, with_value
from engine.i18n import ENGLISH, language
from engine.registry import BUILT_IN_GAMES, box_for

LEFT_OUT = {
    ("thebai", "city"): "the city board's geometry (spaces, start spaces, border roofs): a drawing, not fields",
    ("polis", "rounds"): "the rule text's round table (units and market spaces by round), fixed by the validation",
}
"""Built-in data files that are deliberately no kind of component an owner edits."""
KEPT_AS_THEY_ARE = {("thebai", "estate")}
"""Files whose effects hold die-power expressions ("P+1"), which the builder keeps as a record has them."""

KINDS = [(game, kind) for game in BUILT_IN_GAMES for kind in box_for(game).kinds]


def records(game: str, file: str) -> tuple[dict[str, Any], ...]:
    return components.builtin_records(game, file)


def test_every_data_file_is_a_kind_or_left_out_with_why():
    for game in BUILT_IN_GAMES:
        kinds = {kind.file for kind in box_for(game).kinds}
        for file in components.builtin_files(game):
            assert (file in kinds) != ((game, file) in LEFT_OUT), f"{game}/{file}"
        assert len(kinds) == len(box_for(game).kinds)


def power_expression(value: Any) -> bool:
    return isinstance(value, str) and "P" in value


def may_be_left_out(spec: Field) -> bool:
    """An entry of a list of varying length, or a pick that offers none."""
    return isinstance(spec.path[-1], int) or isinstance(spec, Pick) and any(o.value is None for o in spec.options)


def problems_of(spec: Field, value: Any, where: str, powered: bool) -> list[str]:
    """Why ``value`` is not one the field offers ([] if it is)."""
    if isinstance(spec, Pick):
        return [] if any(option.value == value for option in spec.options) else [f"{where}: {value!r} not offered"]
    if isinstance(spec, Count):
        if powered and power_expression(value):
            return []
        fits = isinstance(value, int) and not isinstance(value, bool) and spec.low <= value <= spec.high
        return [] if fits else [f"{where}: {value!r} not in {spec.low}-{spec.high}"]
    if isinstance(spec, Flag):
        return [] if isinstance(value, bool) else [f"{where}: {value!r} not true or false"]
    if isinstance(spec, Text):
        return [] if isinstance(value, str) and len(value) <= spec.most else [f"{where}: {value!r} too long"]
    if isinstance(spec, Goods):
        goods = {option.value for option in spec.goods}
        return [f"{where}: {good!r}: {n!r}" for good, n in value.items()
                if good not in goods or not (powered and power_expression(n) or 0 <= n <= spec.high)]
    return effect_problems(spec, value, where, powered)


def effect_problems(spec: Effect, effect: Any, where: str, powered: bool) -> list[str]:
    found = []
    for index, op in enumerate(effect):
        ((name, params),) = op.items()
        operation = spec.operation(name)
        if operation is None:
            found.append(f"{where} op {index}: {name} not offered")
            continue
        for param in operation.params:
            raw = value_at(params, param.path)
            if raw is not None:
                found += problems_of(param, raw, f"{where} op {index} {name}", powered)
                assert with_value(params, param.path, raw) == params
    return found


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=lambda value: getattr(value, "file", value))
def test_every_field_of_every_record_reads_writes_back_and_is_offered(game, kind):
    found = []
    for record in records(game, kind.file):
        for spec in kind.fields:
            raw = value_at(record, spec.path)
            assert with_value(record, spec.path, raw) == record, (record["id"], spec.label)
            value = field_value(spec, record)
            assert value == raw or raw is None, (record["id"], spec.label)
            where = f"{record['id']} {spec.label}"
            if not applies(spec, record):
                others = [other for other in kind.fields if other.path == spec.path and applies(other, record)]
                assert raw is None or others, f"{where}: the field is not for this record, yet it has it"
            elif value is None:
                found += [] if may_be_left_out(spec) else [f"{where}: missing"]
            else:
                found += problems_of(spec, value, where, (game, kind.file) in KEPT_AS_THEY_ARE)
    assert found == []


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=lambda value: getattr(value, "file", value))
def test_every_record_is_summed_up_in_a_line_even_half_edited(game, kind):
    japanese = language("ja")
    for record in records(game, kind.file):
        stripped = {"id": record["id"], **{key: value for key, value in record.items()
                                           if key in ("id", "kind")}}
        for spec in kind.fields:
            stripped_more = with_value(record, spec.path[:1], None) if spec.path else record
            for lang in (ENGLISH, japanese):
                assert kind.summary(stripped_more, lang).strip()
        for lang in (ENGLISH, japanese):
            line = kind.summary(record, lang)
            assert line.strip() and "\n" not in line and "?" not in line, (record["id"], line)
            assert kind.summary(stripped, lang).strip()
            assert kind.summary({}, lang).strip()


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=lambda value: getattr(value, "file", value))
def test_every_effect_of_the_data_is_worded_and_every_new_operation_is_usable(game, kind):
    for spec in kind.fields:
        if not isinstance(spec, Effect):
            continue
        for record in records(game, kind.file):
            if applies(spec, record):
                assert "?" not in spec.words(field_value(spec, record), ENGLISH), record["id"]
        for operation in spec.operations:
            assert "?" not in spec.words([{operation.name: operation.empty}], ENGLISH), operation.name
            for param in operation.params:
                value = field_value(param, operation.empty) if not isinstance(operation.empty, int) else None
                if value is not None:
                    assert problems_of(param, value, operation.name, False) == []


def test_a_list_of_varying_length_grows_and_shrinks_by_index():
    god = {"id": "g", "needs": [3, 2]}
    assert with_value(god, ("needs", 2), 1) == {"id": "g", "needs": [3, 2, 1]}
    assert with_value(god, ("needs", 1), None) == {"id": "g", "needs": [3]}
    assert with_value(god, ("needs", 3), None) == god
    with pytest.raises(IndexError):
        with_value(god, ("needs", 3), 1)
