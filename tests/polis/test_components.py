"""Polis component data: every count and rule the texts give, the map's sanity, provenance,
and a table owner's corrected files (TABULA_COMPONENTS)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.core import components
from engine.core.components import ComponentDataError
from engine.polis import catalog as catalog_module
from engine.polis.catalog import catalog

DATA = Path(catalog_module.__file__).parent / "data"


def test_counts_from_the_rule_text_and_the_facts():
    cat = catalog()
    assert len(cat.poleis) == 18 and len(cat.projects) == 14 and len(cat.card_deck) == 24
    assert sum(len(deck) for deck in cat.event_decks) == 40 and len(cat.markets) == 5
    assert Counter(p["start"] for p in cat.poleis.values()) == {"athens": 3, "sparta": 3, None: 12}
    assert [(r["label"], r["cap"], r["spaces"]) for r in cat.rounds] == [("#3", 3, 3), ("#4", 4, 4), ("#5a", 5, 5),
                                                                          ("#5b", 5, 5)]
    assert cat.capital == {"athens": "athenai", "sparta": "sparta"}
    assert "persia" in cat.markets


def test_the_poleis_the_rule_text_names():
    poleis = catalog().poleis
    assert {p for p, r in poleis.items() if r["commercial"]} == {"athenai", "gytheion", "pylos"}
    assert poleis["athenai"]["start"] == "athens"
    assert poleis["gytheion"]["start"] == poleis["pylos"]["start"] == "sparta"
    assert poleis["sparta"]["arrows"] == [] and poleis["thebai"]["arrows"] == []
    assert len(poleis["korinthos"]["arrows"]) == 2
    assert poleis["epidamnos"]["region"] is None and poleis["abdera"]["region"] is None
    assert all(len(r["arrows"]) == 1 for p, r in poleis.items() if p not in ("sparta", "thebai", "korinthos"))
    # A siege needs a d4 roll at least the fortification: every polis that can be besieged can fall.
    assert all(r["base"] <= 4 for r in poleis.values() if r["region"] and not r["capital"])


def test_the_first_event_deck_is_the_published_one():
    cat = catalog()
    first = Counter(cat.event_decks[0])
    assert first == {"no-event-1": 2, "earthquake": 1, "eurymedon": 1, "philopersians": 1, "xerxes": 1,
                     "leotychidas": 1, "holy-war": 1}
    assert all(cat.events[e]["provenance"] == "public" for e in first)
    assert "egypt-rebels" in cat.event_decks[1] and Counter(cat.event_decks[1])["no-event-2"] == 2


def test_map_links_are_mutual_and_galley_arrows_touch_their_polis():
    cat = catalog()
    for area, record in cat.areas.items():
        for other in record["links"]:
            assert area in cat.areas[other]["links"]
    for polis, record in cat.poleis.items():
        touching = cat.areas[record["region"]]["links"] if record["region"] else record["links"]
        assert all(sea in touching and not cat.is_land(sea) for sea in record["arrows"]), polis
    for side, port in cat.ports.items():
        assert all(not cat.is_land(sea) for sea in port["links"]), side


def test_every_record_has_a_provenance_and_the_readme_says_what_is_reconstructed():
    for path in DATA.glob("*.json"):
        for record in json.loads(path.read_text())["records"]:
            assert record["provenance"] in ("rulebook", "public", "reconstructed"), (path.name, record["id"])
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    polis_row = next(line for line in readme.splitlines() if line.startswith("| Polis |"))
    for word in ("poleis", "map", "markets", "projects", "events", "combat cards", "starting position"):
        assert word in polis_row


def override(tmp_path, name, change):
    folder = tmp_path / "polis"
    folder.mkdir(exist_ok=True)
    document = json.loads((DATA / f"{name}.json").read_text())
    change(document["records"])
    (folder / f"{name}.json").write_text(json.dumps(document))
    components.set_override_dir(tmp_path)


@pytest.mark.parametrize("name, change, problem", [
    ("poleis", lambda r: r.pop(), "18 poleis"),
    ("poleis", lambda r: next(p for p in r if p["id"] == "thebai")["arrows"].append("korinthiakos"),
     "thebai has no port"),
    ("poleis", lambda r: next(p for p in r if p["id"] == "argos").update(base=5), "base must be"),
    ("projects", lambda r: r.pop(), "14 project tiles"),
    ("combat", lambda r: r[0].update(count=r[0]["count"] + 1), "24 combat cards"),
    ("events", lambda r: r[-1].update(count=2), "40 event cards"),
    ("map", lambda r: r[0]["links"].append("kerkyra"), "listed on both"),
    ("trade", lambda r: r.pop(), "5 markets"),
    ("rounds", lambda r: r[0].update(cap=4), "#3, #4, #5a, #5b"),
])
def test_a_broken_override_is_refused_with_the_reason(tmp_path, name, change, problem):
    override(tmp_path, name, change)
    try:
        with pytest.raises(ComponentDataError, match=problem):
            catalog()
    finally:
        components.set_override_dir(None)


def test_a_cross_file_mistake_is_refused(tmp_path):
    override(tmp_path, "poleis", lambda r: next(p for p in r if p["id"] == "pylos").update(arrows=["myrtoon"]))
    try:
        with pytest.raises(ComponentDataError, match="pylos: arrow to 'myrtoon'"):
            catalog()
    finally:
        components.set_override_dir(None)


def test_a_valid_override_is_used(tmp_path):
    override(tmp_path, "projects", lambda r: r[0].update(name="Hekatompedon"))
    try:
        assert catalog().projects["parthenon"]["name"] == "Hekatompedon"
    finally:
        components.set_override_dir(None)
    assert catalog().projects["parthenon"]["name"] == "Parthenon"
