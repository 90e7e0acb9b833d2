"""Pilot tests playing the real Pantheon through the keyboard."""

from __future__ import annotations

from saves.store import SaveStore
from tests.tui.helpers import make_app, new_save, open_first_save, pilot_test, settle, text_of
from tui.boards.pantheon import TARGETS_LEGEND
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen

PLACING = ("foot:", "column:", "jump:")


async def open_table(pilot) -> TableScreen:
    await open_first_save(pilot)
    assert isinstance(pilot.app.screen, TableScreen)
    return pilot.app.screen


def choice_ids(table) -> list[str]:
    return [choice.id for choice in table.state.choices]


async def pick(pilot, table, choice_id: str) -> None:
    """Choose ``choice_id`` by its number key, or with the arrows past the ninth."""
    index = choice_ids(table).index(choice_id)
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press("home", *["down"] * index, "enter")
    await settle(pilot, rounds=2)


def map_row(table, row: int) -> str:
    """The map line of ``row`` (1-based) as the focused board panel shows it."""
    prefix = f"{row:>2} "
    return next(line for line in text_of(table.query_one("#shared")).splitlines() if line.startswith(prefix))


def alice_area(table) -> str:
    return text_of(table.query_one("#player-0"))


async def answer_others(pilot, table) -> None:
    """Any decision that is not Alice's action choice: take the first choice."""
    while table.state.choices and table.state.view["topic"] != "turn":
        await pilot.press("1")
        await settle(pilot, rounds=2)


@pilot_test
async def test_turns_by_keys_movement_step_by_step_a_purchase_and_a_god(tmp_path):
    new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "greedy")], seed=7)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert "you play ●A Alice" in text_of(table.query_one("#status"))  # this terminal holds one seat
        assert choice_ids(table) == ["move", "buy", "draw"]

        # Movement, one hex at a time: each target shows its cost and its number key on the map.
        await pick(pilot, table, "move")
        assert table.focused_view == "shared" and TARGETS_LEGEND.split(":")[0] in text_of(table.query_one("#shared"))
        steps = 0
        while (targets := [c for c in table.state.choices if c.id.startswith(PLACING)]) and steps < 3:
            for number, choice in enumerate(table.state.choices, start=1):
                if choice.id.startswith(PLACING) and number <= 9:
                    assert " step" in choice.label
                    assert str(number) in map_row(table, int(choice.id.split(":")[1][1:]))[3:]
            target = targets[0]
            hex_id = target.id.split(":")[1]
            await pick(pilot, table, target.id)
            steps += 1
            assert f"foot to {hex_id}" in table.state.view["log"][-1] or any(
                f"to {hex_id}" in line for line in table.state.view["log"][-3:])
            assert "a" in map_row(table, int(hex_id[1:]))[3:]
            if "end" not in choice_ids(table):
                break
        assert steps >= 1
        if "end" in choice_ids(table):
            await pick(pilot, table, "end")
        await answer_others(pilot, table)

        # Further turns: buy once, draw cards until a god can be taken, then take it.
        bought = took_god = False
        for _turn in range(14):
            await answer_others(pilot, table)
            if isinstance(app.screen, EndScreen) or took_god:
                break
            ids = choice_ids(table)
            assert ids and table.state.view["topic"] == "turn"
            gods = [i for i in ids if i.startswith("god:")]
            if gods:
                name = next(c.label for c in table.state.choices if c.id == gods[0]).removeprefix("Take ")
                await pick(pilot, table, gods[0])
                assert table.focused_view == "private" and "Your hand" in text_of(table.query_one("#private"))
                assert all(i.startswith("pay:") or i == "decline" for i in choice_ids(table))
                await pilot.press("1")
                await settle(pilot, rounds=2)
                assert any(f"{name}" in line for line in table.state.view["log"][-6:])
                took_god = True
            elif "buy" in ids and not bought:
                supply = alice_area(table)
                await pick(pilot, table, "buy")
                purchase = table.state.choices
                assert all("money" in c.label or c.id == "end" for c in purchase)
                bought_piece = next(c for c in purchase if c.id in ("buy:foot", "buy:column") or c.id.startswith("tile:"))
                await pick(pilot, table, bought_piece.id)
                if "end" in choice_ids(table):
                    await pick(pilot, table, "end")
                assert alice_area(table) != supply
                bought = True
            else:
                await pick(pilot, table, "draw")
        assert bought and took_god
        assert "Lasting gods: none" not in alice_area(table) or "VP" in alice_area(table)
    record = SaveStore(tmp_path).summaries()[0]
    assert len(record.actions) > 20


@pilot_test
async def test_the_curtain_keeps_each_hand_private_between_two_humans(tmp_path):
    session = new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "human")], seed=7)
    hands = [session.match.view(seat)["hand"] for seat in (0, 1)]
    assert hands[0] != hands[1]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert table.curtain_up and "Pass to ●A Alice" in text_of(table.query_one("#curtain"))
        await pilot.press("1")  # swallowed while the curtain is down
        await settle(pilot)
        assert len(table.session.match.actions) == len(session.match.actions)
        await pilot.press("enter")
        await settle(pilot)
        alice_hand = text_of(table.query_one("#private"))
        assert alice_hand.startswith("Your hand:") and table.query_one("#private").border_title == "Private — ●A Alice"
        await pick(pilot, table, "draw")  # Alice draws 3 cards: one decision per card
        while table.state.viewer == 0 and table.state.choices:
            await pilot.press("1")
            await settle(pilot, rounds=2)
        assert table.curtain_up and "Pass to ▲B Bruno" in text_of(table.query_one("#curtain"))
        assert text_of(table.query_one("#private")) == "" and not table.query_one("#table-body").display
        await pilot.press("enter")
        await settle(pilot)
        bruno_hand = text_of(table.query_one("#private"))
        assert table.query_one("#private").border_title == "Private — ▲B Bruno"
        assert bruno_hand != alice_hand and table.state.view["hand"] == table.session.match.view(1)["hand"]
        assert table.state.view["players"][0]["demigod_values"] is None


@pilot_test
async def test_v_cycles_the_panels_at_80_columns_and_the_map_uses_200_columns(tmp_path):
    new_save(tmp_path, "pantheon", [("Alice", "human"), ("Bruno", "greedy"), ("Cleo", "greedy")], seed=7)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        shown = [panel.id for panel in table.query("#boards .panel") if panel.region.height]
        assert shown == ["shared"]
        seen = []
        for _ in range(5):
            await pilot.press("v")
            await pilot.pause()
            seen.append([panel.id for panel in table.query("#boards .panel") if panel.region.height])
        assert seen == [["private"], ["player-0"], ["player-1"], ["player-2"], ["shared"]]
    app = make_app(tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        table = await open_table(pilot)
        shared = table.query_one("#shared")
        assert shared.region.width > 110 and "J5" in text_of(shared)  # the widest map shows hex ids
        areas = [table.query_one(f"#player-{seat}").region for seat in range(3)]
        assert areas[0].y == areas[1].y and areas[1].x > areas[0].x  # players' areas side by side


@pilot_test
async def test_a_bots_only_game_is_watched_to_the_end_with_the_final_map(tmp_path):
    new_save(tmp_path, "pantheon", [("Rob", "random"), ("Greta", "random")], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        for _ in range(40):
            await settle(pilot)
            if isinstance(app.screen, EndScreen):
                break
        end = app.screen
        assert isinstance(end, EndScreen)
        sheet = text_of(end.query_one("#sheet"))
        assert "Place" in sheet and "●A Rob" in sheet and "Total" in sheet
        await pilot.press("b")
        await pilot.pause()
        assert "Temple:" in text_of(end.query_one("#final-shared")) and "VP" in text_of(end.query_one("#final-player-1"))
    assert SaveStore(tmp_path).summaries()[0].status == "finished"
