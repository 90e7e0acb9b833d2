"""The setup's chance steps and choices, in the order of the rulebook's setup (engine/thebai/newgame.py
lists them for a new game)."""

from __future__ import annotations

from engine.core import Ask, Auto, Choice, Draw

from .board import colour, log, names, place_battle_marker
from .catalog import catalog
from .constants import COLOURS, ESTATE_COLS, ESTATE_ROWS
from .labels import contract_text, fate_name, tile_text


class StackMarker(Draw):
    """The devotion markers, stacked at random on the Dionysus start space (bottom first)."""

    name = "stack_marker"
    topic = "setup"

    def options(self, state, frame):
        stacked = state["setup"]["stack"]
        return [Choice(f"seat:{s}") for s in range(state["n"]) if s not in stacked]

    def describe(self, state, frame, choice):
        return names(state, int(choice.id[5:])), ""

    def prompt(self, state, frame):
        return f"Dionysus stack: marker {len(state['setup']['stack']) + 1} from the bottom"

    def act(self, state, frame, choice, flow):
        stack = state["setup"]["stack"]
        stack.append(int(choice.id[5:]))
        if len(stack) < state["n"]:
            return
        # Bottom of the Dionysus stack arrived first; Ares is stacked in the reverse order;
        # the top Dionysus marker's player goes first.
        for k, seat in enumerate(stack):
            state["arrived"]["dionysus"][seat] = k - len(stack)
            state["arrived"]["ares"][seat] = -k - 1
        state["order"] = stack[::-1]
        log(state, lambda: "Turn order: " + ", ".join(names(state, s) for s in state["order"]))


class StartingSupply(Auto):
    """Citizen dice and drachma by turn-order place (the rulebook's table)."""

    name = "starting_supply"

    def run(self, state, frame, flow):
        for place, seat in enumerate(state["order"], 1):
            start = catalog().starts[place]
            state["pool_c"][seat] = sorted(start["faces"])
            state["res"][seat]["drachma"] = start["drachma"]


class _Deal(Draw):
    """One face-up component dealt to a row: the outcomes are those not dealt yet."""

    topic = "setup"
    key = ""

    def pool(self, state, frame):
        raise NotImplementedError

    def options(self, state, frame):
        return [Choice(x) for x in self.pool(state, frame)]


class DealCommander(_Deal):
    name = "deal_commander"

    def pool(self, state, frame):
        return sorted(set(catalog().commanders) - set(state["row_cmd"]))

    def describe(self, state, frame, choice):
        return catalog().commanders[choice.id]["name"], ""

    def prompt(self, state, frame):
        return f"Commander card for row {frame['row']}"

    def act(self, state, frame, choice, flow):
        state["row_cmd"][frame["row"] - 1] = choice.id


class DealGate(_Deal):
    name = "deal_gate"

    def pool(self, state, frame):
        return sorted(set(catalog().gates) - set(state["gates"]))

    def describe(self, state, frame, choice):
        return catalog().gates[choice.id]["name"], ""

    def prompt(self, state, frame):
        return f"Gate tile for row {frame['row']}"

    def act(self, state, frame, choice, flow):
        state["gates"][frame["row"] - 1] = choice.id


class DealFate(_Deal):
    """A fate tile turned face up: alpha and beta are fixed, the others come from their stack."""

    name = "deal_fate"
    topic = "fate"

    def pool(self, state, frame):
        stack = state["fate"][frame["slot"]]["stack"]
        return state["fate_left"].get(stack) or [stack]

    def describe(self, state, frame, choice):
        return fate_name(choice.id), ""

    def prompt(self, state, frame):
        return f"Fate tile for round {frame['slot'] + 1}"

    def act(self, state, frame, choice, flow):
        slot = state["fate"][frame["slot"]]
        slot["tile"], slot["up"] = choice.id, True
        left = state["fate_left"].get(slot["stack"])
        if left and choice.id in left:
            left.remove(choice.id)
        place_battle_marker(state)
        log(state, lambda: f"Fate tile of round {frame['slot'] + 1} turned up")


class DrawCollapse(_Deal):
    name = "draw_collapse"

    def pool(self, state, frame):
        return sorted(catalog().collapse)

    def describe(self, state, frame, choice):
        return choice.id.replace("-", " ").capitalize(), ""

    def prompt(self, state, frame):
        return "Collapse card"

    def act(self, state, frame, choice, flow):
        state["collapse"] = list(catalog().collapse[choice.id][:catalog().markers[state["n"]]])


class DealEstate(_Deal):
    """A Cadmea tile laid on an estate space: own colour on columns 2-4, neutral on 5."""

    name = "deal_estate"

    def pool(self, state, frame):
        wanted = colour(frame["seat"]) if frame["col"] < ESTATE_COLS else "neutral"
        used = {t for rows in state["estate"] for row in rows for t in row}
        return [t for t, r in catalog().tiles.items() if r["colour"] == wanted and t not in used]

    def describe(self, state, frame, choice):
        return tile_text(choice.id), ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}'s estate: tile for row {frame['row']}, column {frame['col']}"

    def act(self, state, frame, choice, flow):
        state["estate"][frame["seat"]][frame["row"] - 1].append(choice.id)


class ChooseStartTiles(Auto):
    name = "choose_start_tiles"

    def run(self, state, frame, flow):
        flow.parallel({seat: [{"step": "start_tile", "seat": seat}] for seat in range(state["n"])})


class ExtraTile(_Deal):
    """2-3 players: a random Cadmea tile of an unused colour joins the starting tiles."""

    name = "extra_tile"

    def pool(self, state, frame):
        unused = COLOURS[state["n"]:]
        chosen = set(state["setup"]["chosen"])
        return [t for t, r in catalog().tiles.items() if r["colour"] in unused and t not in chosen]

    def describe(self, state, frame, choice):
        return tile_text(choice.id), ""

    def prompt(self, state, frame):
        return "Extra starting Cadmea tile (unused colour)"

    def act(self, state, frame, choice, flow):
        state["setup"]["chosen"].append(choice.id)


class PlaceStart(_Deal):
    """The starting tiles go at random onto the marked spaces in the middle of the city."""

    name = "place_start"

    def pool(self, state, frame):
        return sorted(state["setup"]["chosen"])

    def describe(self, state, frame, choice):
        return tile_text(choice.id), ""

    def prompt(self, state, frame):
        return f"Starting Cadmea tile on {frame['space']}"

    def act(self, state, frame, choice, flow):
        state["setup"]["chosen"].remove(choice.id)
        state["city"]["tiles"][frame["space"]] = [choice.id, 0]


class StartContracts(Auto):
    name = "start_contracts"

    def run(self, state, frame, flow):
        flow.push(*({"step": "start_contract", "seat": seat} for seat in reversed(state["order"])), {"step": "box_start"})


class BoxStart(Auto):
    name = "box_start"

    def run(self, state, frame, flow):
        state["start_left"] = []


class StartTile(Ask):
    """Each player picks the leftmost Cadmea tile of one estate row for the city's centre."""

    name = "start_tile"
    topic = "setup"

    def options(self, state, frame):
        seat = frame["seat"]
        return [Choice(f"row:{r}", target=f"e{seat}.row{r}") for r in range(1, ESTATE_ROWS + 1) if state["estate"][seat][r - 1]]

    def describe(self, state, frame, choice):
        row = int(choice.id[4:])
        return f"Row {row}: {tile_text(state['estate'][frame['seat']][row - 1][0])}", "opens that row's second space"

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: pick a starting Cadmea tile (the leftmost of a row)"

    def act(self, state, frame, choice, flow):
        seat, row = frame["seat"], int(choice.id[4:])
        tile = state["estate"][seat][row - 1].pop(0)
        state["setup"]["chosen"].append(tile)
        log(state, lambda: f"{names(state, seat)} gives the tile of estate row {row} to the city")


class StartContract(Ask):
    """In reverse turn order, each player takes one of the starting contracts."""

    name = "start_contract"
    topic = "contracts"

    def options(self, state, frame):
        return [Choice(f"c:{c}", target=f"card.{c}") for c in state["start_left"]]

    def describe(self, state, frame, choice):
        return contract_text(choice.id[2:]), ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: take a starting contract"

    def act(self, state, frame, choice, flow):
        contract = choice.id[2:]
        state["start_left"].remove(contract)
        state["hand"][frame["seat"]].append(contract)
        state["known"][frame["seat"]].append(contract)
        log(state, lambda: f"{names(state, frame['seat'])} takes starting contract {contract}")


STEPS = (StartTile(), StartContract(), StackMarker(), StartingSupply(), DealCommander(), DealGate(), DealFate(), DrawCollapse(), DealEstate(),
         ChooseStartTiles(), ExtraTile(), PlaceStart(), StartContracts(), BoxStart())
