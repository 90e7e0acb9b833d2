import json

import pytest

from engine.core import components, rng


def test_rng_is_deterministic_and_state_is_an_int():
    a, b = {}, {}
    rng.seed_state(a, 42)
    rng.seed_state(b, 42)
    assert [rng.below(a, 100) for _ in range(5)] == [rng.below(b, 100) for _ in range(5)]
    assert isinstance(a["rng"], int) and json.loads(json.dumps(a)) == a


def test_pick_weighted_respects_zero_weights():
    state = {}
    rng.seed_state(state, 1)
    picks = {rng.pick_weighted(state, [0, 3, 0, 1]) for _ in range(200)}
    assert picks == {1, 3}


def no_rules(records):
    if len(records) != 2:
        raise components.ComponentDataError(f"expected 2 records, found {len(records)}")


def test_component_file_errors_name_the_record():
    good = {"records": [{"id": "a", "provenance": "rulebook"}, {"id": "b", "provenance": "reconstructed"}]}
    data = components.parse(json.dumps(good), "x.json", "g", "n", no_rules)
    assert data.records[1]["id"] == "b" and len(data.digest) == 12
    bad = {"records": [{"id": "a", "provenance": "rulebook"}, {"id": "b", "provenance": "guess"}]}
    with pytest.raises(components.ComponentDataError, match=r"record 1 \(b\): provenance"):
        components.parse(json.dumps(bad), "x.json", "g", "n", no_rules)
    with pytest.raises(components.ComponentDataError, match="x.json: expected 2 records"):
        components.parse(json.dumps({"records": good["records"][:1]}), "x.json", "g", "n", no_rules)
    with pytest.raises(components.ComponentDataError, match="not valid JSON"):
        components.parse("{", "x.json", "g", "n", no_rules)
