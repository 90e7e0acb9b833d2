import gc
import json
import re
import subprocess
import sys

import pytest

from engine import registry
from engine.core import add_log
from engine.core.match import Action, Match
from saves.session import GameSession
from saves.store import SaveStore, Seat
from tests.toygame import ToyRules
from tui import cli

SUMMARY = re.compile(r"games=(\d+) errors=(\d+) decisions=(\d+) seconds=(\d+\.\d+) games_per_s=(\d+\.\d+)")


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def last_line(out):
    return out.rstrip("\n").splitlines()[-1]


class FallingToy(ToyRules):
    """The toy with a bug: drawing once someone has played 3 points crashes."""

    def apply(self, state, actor, choice):
        if choice.id == "draw" and max(state["played"]) >= 3:
            raise RuntimeError("boom")
        super().apply(state, actor, choice)


class ForgetfulToy(ToyRules):
    """The toy with a bug: its log numbers the plays with a count kept outside the state, which
    a replay of the same game does not start again from zero."""

    plays = 0

    def apply(self, state, actor, choice):
        super().apply(state, actor, choice)
        if choice.id.startswith("play:"):
            ForgetfulToy.plays += 1
            add_log(state, f"play number {ForgetfulToy.plays}")


def test_simulate_plays_every_game_and_ends_with_the_summary_line(capsys, data_dir, toy_game):
    status, out, _ = run(capsys, "simulate", toy_game, "--players", "3", "--games", "6", "--seed", "40",
                         "--bot", "greedy")
    match = SUMMARY.fullmatch(last_line(out))
    assert status == 0 and match, out
    assert match.group(1, 2) == ("6", "0") and int(match.group(3)) > 6 * 3


def test_simulate_writes_each_failing_seed_and_log_and_fails(capsys, data_dir, monkeypatch):
    monkeypatch.setitem(registry.GAMES, "falling", ("Falling", f"{__name__}:FallingToy"))
    monkeypatch.setitem(registry._loaded, "falling", FallingToy())

    status, out, _ = run(capsys, "simulate", "falling", "--players", "2", "--games", "4", "--seed", "100")

    games, errors = SUMMARY.fullmatch(last_line(out)).group(1, 2)
    assert status == 1 and games == "4" and int(errors) > 0
    report = json.loads((data_dir.parent / "simulate-failures-100.json").read_text())
    assert len(report["failures"]) == int(errors)
    for failure in report["failures"]:
        assert 100 <= failure["seed"] < 104 and "boom" in failure["error"]
        actions = [Action.from_json(a) for a in failure["actions"]]
        replayed = Match.replay(FallingToy(), ["Bot A", "Bot B"], {}, failure["seed"], actions)
        assert "draw" in {c.id for c in replayed.legal(replayed.awaiting()[0])}  # the fatal choice was offered


def test_simulate_fails_a_game_whose_replay_ends_elsewhere(capsys, data_dir, monkeypatch):
    monkeypatch.setitem(registry.GAMES, "forgetful", ("Forgetful", f"{__name__}:ForgetfulToy"))
    monkeypatch.setitem(registry._loaded, "forgetful", ForgetfulToy())

    status, out, _ = run(capsys, "simulate", "forgetful", "--players", "2", "--games", "3")

    assert status == 1 and SUMMARY.fullmatch(last_line(out)).group(1, 2) == ("3", "3")
    assert out.count("replaying the action log does not reproduce the final state") == 3


def test_simulate_counts_runaway_games_as_errors(capsys, data_dir, toy_game):
    status, out, _ = run(capsys, "simulate", toy_game, "--games", "2", "--max-decisions", "3")
    assert status == 1 and SUMMARY.fullmatch(last_line(out)).group(2) == "2"
    assert "runaway" in out


def test_simulate_of_an_unknown_game_says_so(capsys, data_dir):
    status, out, err = run(capsys, "simulate", "chess")
    assert status == 2 and not out and "unknown game 'chess'" in err


def test_simulate_with_a_player_count_the_game_does_not_allow_says_so(capsys, data_dir):
    status, out, err = run(capsys, "simulate", "pantheon", "--players", "7", "--games", "1")
    assert status == 2 and "Pantheon is for 2-4 players, not 7" in err


@pytest.mark.parametrize("argv, status, says", [
    (["simulate", "chess"], 2, "unknown game 'chess'"),
    (["simulate", "almadi", "--games", "lots"], 2,
     "argument --games: invalid int value: 'lots' (see 'tabula simulate --help')"),
    (["saves", "frobnicate"], 2, "invalid choice: 'frobnicate'"),
    (["arena", "almadi", "--seats", "wizard"], 2, "unknown bot kind wizard"),
    (["saves", "export", "nothing"], 1, "no saved game 'nothing'"),
    (["saves", "import", "/nonexistent/file.json"], 2, "cannot read /nonexistent/file.json"),
    (["records", "import", "/nonexistent/file.json"], 2, "cannot read /nonexistent/file.json"),
    (["score", "chess", "x.json"], 2, "unknown game 'chess'"),
    (["join", "nothing"], 2, "No saved game 'nothing'"),
])
def test_every_error_is_said_one_way(capsys, data_dir, argv, status, says):
    """'Error: ...' on standard error, nothing on standard output; 2 for a command line that
    cannot run as written, 1 for a command that failed."""
    got, out, err = run(capsys, *argv)
    assert (got, out) == (status, "")
    message = " ".join(err.split())
    assert message.startswith("Error: ") and says in message and message.count("Error") == 1, err


def new_saves(data_dir, toy_game):
    store = SaveStore(data_dir)
    first = GameSession.new(store, toy_game, "Lunch game", [Seat("Ann", "human"), Seat("Rex", "random")], seed=1)
    second = GameSession.new(store, toy_game, "Bots only", [Seat("Rex", "random"), Seat("Gus", "greedy")], seed=2)
    second.play_bots()
    return store, first, second


def test_saves_list_shows_each_game(capsys, data_dir, toy_game):
    _, first, second = new_saves(data_dir, toy_game)
    status, out, _ = run(capsys, "saves", "list")
    assert status == 0
    lines = out.splitlines()
    row = next(line for line in lines if first.record.id in line)
    assert all(text in row for text in ("Toy", "Lunch game", "Ann, Rex (random bot)", "4 actions", "active"))
    assert "finished" in next(line for line in lines if second.record.id in line)
    assert out.index(second.record.id) < out.index(first.record.id)  # most recently played first


def test_saves_list_holds_the_collector_off_while_it_lists_then_lets_it_run_again(capsys, data_dir, toy_game,
                                                                                  monkeypatch):
    """Its summaries and rows hold no cycles: with 10,000 saves the collector's passes over them
    took a quarter of its CPU and freed nothing."""
    new_saves(data_dir, toy_game)
    collecting = []
    summaries = SaveStore.summaries
    monkeypatch.setattr(SaveStore, "summaries", lambda store: collecting.append(gc.isenabled()) or summaries(store))
    status, out, _ = run(capsys, "saves", "list")
    assert status == 0 and "Lunch game" in out
    assert collecting == [False] and gc.isenabled()


def test_saves_list_into_a_pipe_cuts_nothing(capsys, data_dir, toy_game, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")  # a terminal's width would not matter: the output is not a terminal
    title = "Friday night at Bruno's, with the whole family and the neighbours"
    store, first, _ = new_saves(data_dir, toy_game)
    store.rename(first.record.id, title)
    status, out, _ = run(capsys, "saves", "list")
    assert status == 0 and title in out and "Ann, Rex (random bot)" in out


def test_saves_list_reports_a_set_aside_file_and_lists_the_rest(capsys, data_dir, toy_game):
    new_saves(data_dir, toy_game)
    (data_dir / "games" / "junk.json").write_text("not json")
    status, out, _ = run(capsys, "--data-dir", str(data_dir), "saves", "list")
    assert status == 0 and "junk.json" in out and "Lunch game" in out and "Bots only" in out


def test_an_empty_data_folder_lists_nothing(capsys, data_dir):
    status, out, _ = run(capsys, "saves")
    assert status == 0 and "No saved games" in out


def test_export_import_round_trip_through_files(capsys, data_dir, toy_game, tmp_path):
    store, first, _ = new_saves(data_dir, toy_game)
    status, out, _ = run(capsys, "saves", "export", first.record.id)
    assert status == 0 and json.loads(out) == store.export(first.record.id)

    target = tmp_path / "lunch.json"
    assert run(capsys, "saves", "export", first.record.id, "-o", str(target))[0] == 0
    elsewhere = tmp_path / "elsewhere"
    status, out, _ = run(capsys, "saves", "import", str(target), "--data-dir", str(elsewhere))
    assert status == 0 and "Imported 'Lunch game'" in out
    [imported] = SaveStore(elsewhere).saved_games()
    assert imported.actions == first.record.actions and imported.seats == first.record.seats


def test_importing_a_game_already_saved_says_so_and_imports_a_copy_on_request(capsys, data_dir, toy_game, tmp_path):
    store, first, _ = new_saves(data_dir, toy_game)
    target = tmp_path / "lunch.json"
    assert run(capsys, "saves", "export", first.record.id, "-o", str(target))[0] == 0

    status, out, err = run(capsys, "saves", "import", str(target))
    message = " ".join(err.split())
    assert status == 1 and not out
    assert message.startswith(f"Error: this game is already saved here as {first.record.id} ('Lunch game', "
                              f"with the same 4 actions); nothing was imported")
    assert "--as-copy" in message and len(SaveStore(data_dir).summaries()) == 2

    first.act(0, "pledge:high")  # played on here: the file is now behind
    status, _, err = run(capsys, "saves", "import", str(target))
    assert status == 1 and "further on: 5 actions here, 4 in the file" in " ".join(err.split())

    for copy_title in ("Lunch game (copy)", "Lunch game (copy 2)"):
        status, out, _ = run(capsys, "saves", "import", "--as-copy", str(target))
        assert status == 0 and f"Imported {copy_title!r}" in out
    listed = run(capsys, "saves", "list")[1]
    assert "Lunch game (copy)" in listed and "Lunch game (copy 2)" in listed
    titles = sorted(record.title for record in SaveStore(data_dir).summaries())
    assert titles == ["Bots only", "Lunch game", "Lunch game (copy 2)", "Lunch game (copy)"]


def test_import_refuses_garbage_and_saves_that_do_not_replay(capsys, data_dir, toy_game, tmp_path):
    store, first, _ = new_saves(data_dir, toy_game)
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{")
    assert run(capsys, "saves", "import", str(garbage))[0] == 1
    garbage.write_text('{"kind": "something else"}')
    status, _, err = run(capsys, "saves", "import", str(garbage))
    assert status == 1 and "not a Tabula save" in err
    data = store.export(first.record.id)
    data["actions"].append({"a": 0, "c": "teleport"})
    garbage.write_text(json.dumps(data))
    status, _, err = run(capsys, "saves", "import", str(garbage))
    assert status == 1 and "does not replay" in err
    assert len(SaveStore(data_dir).summaries()) == 2


def test_verify_replays_every_save_and_fails_on_a_bad_one(capsys, data_dir, toy_game):
    store, first, _ = new_saves(data_dir, toy_game)
    status, out, _ = run(capsys, "saves", "verify")
    assert status == 0 and "2 of 2 saved games replay" in out

    data = store.export(first.record.id)
    data["actions"][0]["c"] = "card:3" if data["actions"][0]["c"] != "card:3" else "card:1"
    data["title"] = "Tampered"
    store.import_(data, as_copy=True)
    status, out, _ = run(capsys, "saves", "verify")
    assert status == 1 and "Tampered" in out and "2 of 3 saved games replay" in out


def test_exporting_a_missing_save_is_a_clear_error(capsys, data_dir):
    status, _, err = run(capsys, "saves", "export", "nothing")
    assert status == 1 and "no saved game 'nothing'" in err


def test_no_subcommand_launches_the_app_on_the_data_folder(data_dir, monkeypatch, tmp_path):
    launched = []

    class App:
        return_code = 0

        def __init__(self, data_dir, language):
            launched.append(data_dir)
            self.language = language

        def run(self):
            launched.append(("ran", self.language))

    monkeypatch.setattr("tui.app.TabulaApp", App)
    assert cli.main([]) == 0 and launched == [data_dir, ("ran", None)]
    assert cli.main(["--data-dir", str(tmp_path / "other")]) == 0 and launched[2] == tmp_path / "other"
    assert cli.main(["--lang", "ja"]) == 0 and launched[5] == ("ran", "ja")


def test_the_command_simulates_almadi_and_verifies_an_almadi_save(tmp_path):
    pytest.importorskip("engine.almadi.rules")
    rules = registry.rules_for("almadi")
    seats = [Seat(f"Bot {n}", "random") for n in range(rules.min_players)]
    session = GameSession.new(SaveStore(tmp_path / "data"), "almadi", "Desert", seats, seed=9)
    session.play_bots(limit=20)
    command = [sys.executable, "-m", "tui.cli", "--data-dir", str(tmp_path / "data")]

    done = subprocess.run([*command, "simulate", "almadi", "--players", "2", "--games", "2", "--seed", "5"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert SUMMARY.fullmatch(last_line(done.stdout)).group(1, 2) == ("2", "0")
    done = subprocess.run([*command, "saves", "verify"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "1 of 1 saved games replay" in done.stdout, done.stdout + done.stderr


def test_arena_prints_win_rates_intervals_and_margins_per_bot(capsys, data_dir, toy_game):
    status, out, _ = run(capsys, "arena", toy_game, "--seats", "normal,random", "--games", "4", "--seed", "3",
                         "--no-time-cap")
    assert status == 0, out
    rows = {line.split()[1]: line for line in out.splitlines() if line.startswith("│")}
    assert set(rows) >= {"normal", "random"}
    for kind in ("normal", "random"):
        cells = [cell.strip() for cell in rows[kind].strip("│").split("│")]
        assert cells[1] == "4" and re.fullmatch(r"\d(\.5)?", cells[2])
        assert re.fullmatch(r"\d+%", cells[3]) and re.fullmatch(r"\d+%-\d+%", cells[4])
        assert re.fullmatch(r"[+-]\d+\.\d", cells[5])
    assert re.fullmatch(r"0/\d+", [c.strip() for c in rows["normal"].strip("│").split("│")][8])  # no time cap
    assert "Toy, 2 players, 4 games (seed 3)" in out


def test_arena_logs_each_game_so_that_runs_on_later_deals_pool_exactly(capsys, data_dir, toy_game, tmp_path):
    """Two runs, the second going on from the first's last deal, logged to one file: pooled,
    they are the one longer run (the same games, wins and margins)."""
    from engine.search.arena import GameResult, arena, tally

    log = tmp_path / "games.jsonl"
    for games, seed in ((4, 3), (2, 5)):
        status, out, _ = run(capsys, "arena", toy_game, "--seats", "normal,random", "--games", str(games),
                             "--seed", str(seed), "--no-time-cap", "--games-log", str(log))
        assert status == 0, out
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(line["game"], line["seed"], line["kinds"]) for line in lines] == [
        (toy_game, seed, kinds) for seed in (3, 4, 5) for kinds in (["normal", "random"], ["random", "normal"])]
    pooled = tally([GameResult.from_json(line) for line in lines])
    whole = arena(toy_game, ["normal", "random"], 6, seed=3, capped=False)
    for kind in ("normal", "random"):
        assert (pooled[kind].seats, pooled[kind].wins, pooled[kind].margins) == \
            (whole[kind].seats, whole[kind].wins, whole[kind].margins)
    assert len(pooled["normal"].think) == len(whole["normal"].think)
    rows = {line.split()[1]: line for line in out.splitlines() if line.startswith("│")}
    last_run = tally([GameResult.from_json(line) for line in lines[4:]])
    assert [c.strip() for c in rows["normal"].strip("│").split("│")][2] == f"{last_run['normal'].wins:g}"


@pytest.mark.parametrize("argv, message", [
    (["--seats", "normal,wizard"], "unknown bot kind wizard"),
    (["--seats", "normal,greedy", "--players", "3"], "--seats lists 2 kinds for 3 players"),
    (["--seats", "normal", "--players", "4"], "Toy is for 2-3 players, not 4"),
])
def test_arena_refuses_what_it_cannot_play(capsys, data_dir, toy_game, argv, message):
    status, out, err = run(capsys, "arena", toy_game, *argv)
    assert status == 2 and message in " ".join(err.split())


def test_simulate_plays_with_the_search_bot(capsys, data_dir, toy_game):
    status, out, _ = run(capsys, "simulate", toy_game, "--games", "2", "--bot", "normal")
    match = SUMMARY.fullmatch(last_line(out))
    assert status == 0 and match and match.group(1, 2) == ("2", "0"), out


def test_the_levels_names_are_bot_kinds_on_the_command_line(capsys, data_dir, toy_game):
    """Easy, Normal and Hard, as the new game form names them: easy is the greedy bot."""
    status, out, _ = run(capsys, "simulate", toy_game, "--games", "2", "--bot", "Easy")
    assert status == 0 and SUMMARY.fullmatch(last_line(out)).group(1, 2) == ("2", "0"), out
    status, out, _ = run(capsys, "arena", toy_game, "--seats", "hard,easy", "--games", "2", "--no-time-cap")
    rows = {line.split()[1] for line in out.splitlines() if line.startswith("│")}
    assert status == 0 and rows >= {"hard", "greedy"}, out
