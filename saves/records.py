"""Play records: every finished digital game and every score sheet marked finished.

One small file per record in <data_dir>/records/ (atomic writes, a lock per file, like the
saves). A record is plain data: when, which game, who played, the scores with their
breakdown, the winners, the variant and a link to the save or sheet it came from. Export
and import (JSON or CSV) round-trip; an imported record already held is recognised by its
fingerprint (the same game, time, players and scores), whatever its id.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from engine.bots import BOTS
from engine.core.text import Said, SaidError, Say, said_of, said_to_json

from .concessions import ABANDONED, CONCEDED, DRAW, original_kinds, outcome_of, standings
from .storage import DocumentFile, UnreadableFile, parse_json

if TYPE_CHECKING:
    from engine.core.contract import Rules, Score
    from engine.core.match import Match

    from .paths import Layout
    from .store import SaveHeader, SaveRecord, SaveStore

KIND = "tabula-record"
EXPORT_KIND = "tabula-records"
FORMAT = 1
SOURCES = ("digital", "sheet")
SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
CSV_COLUMNS = ("record", "date", "game", "players", "variant", "source", "link", "seat", "player", "score", "winner",
               "breakdown", "bot", "outcome")
CSV_LATER = ("bot", "outcome")
"""Columns an export made by an earlier Tabula lacks (read as empty)."""


class RecordFormatError(SaidError, ValueError):
    """Data that is not a play record; the message names the field."""


@dataclass(frozen=True, order=True)
class Player:
    """Whom the stats count: a person by name, or a bot of one kind playing under a name (counted
    apart from a person of that name, and from a bot of another kind)."""

    name: str
    bot: str = ""
    """The bot kind (engine.bots.BOTS), or '' for a person."""


@dataclass
class PlayerResult:
    name: str
    score: int
    breakdown: dict[str, int] = field(default_factory=dict)
    winner: bool = False
    bot: str = ""
    """The kind of bot that played the seat (engine.bots.BOTS), or '' for a person; a score sheet's
    players are people."""
    outcome: str = ""
    """How the player's game ended when not played to the end (saves.concessions): CONCEDED,
    ABANDONED (the player vanished and a bot took the seat over) or DRAW (agreed); '' otherwise."""

    @property
    def player(self) -> Player:
        return Player(self.name, self.bot)


@dataclass
class PlayRecord:
    id: str
    date: str
    """When the game ended: ISO 8601 with the time zone."""
    game: str
    players: list[PlayerResult]
    variant: str = ""
    source: str = "digital"
    link: str = ""
    """The save id (digital) or the sheet id (sheet) it was recorded from."""
    components: str = ""
    """The name of the component set the game was played with; '' for the built-in components."""

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.winner]

    def fingerprint(self) -> str:
        """The same play, whatever its id: game, time to the minute, variant, names and scores (not
        who was a bot, which records made before it was kept do not say)."""
        content = [self.game, self.date[:16], self.variant,
                   [[p.name, p.score, sorted(p.breakdown.items()), p.winner] for p in self.players]]
        return hashlib.sha256(json.dumps(content, ensure_ascii=False).encode()).hexdigest()[:20]


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def record_to_dict(record: PlayRecord) -> dict[str, Any]:
    return {"format": FORMAT, "kind": KIND, **asdict(record)}


MOST = {"name": 200, "text": 1000, "date": 40, "categories": 50, "records": 10_000}
"""The longest texts and lists a play record may hold (a name, a category; the variant; the
categories of one player's breakdown) and the most records one export may hold: far beyond
what play writes, small enough to show."""
OUTCOMES = ("", CONCEDED, ABANDONED, DRAW)
SCORES = range(-9_999, 10_000)
"""Scores and points a record may hold: no game here comes near four digits (Thebai's best
scores are about 120), and a score must be shown and added up without overflow."""


Field = TypeVar("Field")


def _need(data: Mapping[str, object], key: str, kind: type[Field], where: str = "") -> Field:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordFormatError(Say("{where}{key}: missing or not {kind}", where=where, key=key, kind=kind.__name__))
    longest = MOST["text" if key == "variant" else "date" if key == "date" else "name"]
    if isinstance(value, str) and len(value) > longest:
        raise RecordFormatError(Say("{where}{key}: too long ({n:,} characters)", where=where, key=key, n=len(value)))
    if kind is int and isinstance(value, int) and value not in SCORES:
        raise RecordFormatError(Say("{where}{key}: {number} is out of range ({least} to {most})", where=where, key=key,
                                    number=_number(value), least=SCORES[0], most=SCORES[-1]))
    return value


def _number(value: int) -> str:
    """A number as a message quotes it: in full up to 12 digits."""
    text = str(abs(value))
    return str(value) if len(text) <= 12 else f"a number of {len(text):,} digits"


def known_games() -> dict[str, tuple[int, ...]]:
    """The games a play record may be of, each with the player counts it may have: the table
    assistant's games (score sheets) and the digital ones (engine.registry)."""
    from engine.assistant.games import GAME_IDS, assistant_for
    from engine.registry import GAMES, rules_for

    counts: dict[str, set[int]] = {game: set(assistant_for(game).PLAYER_COUNTS) for game in GAME_IDS}
    for game in GAMES:
        rules = rules_for(game)
        counts.setdefault(game, set()).update(range(rules.min_players, rules.max_players + 1))
    return {game: tuple(sorted(players)) for game, players in counts.items()}


def record_from_dict(data: Any) -> PlayRecord:
    """Validate plain JSON data as a play record, fully (types, lengths, the game and its player
    counts, scores in range); RecordFormatError names the first problem."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise RecordFormatError(Say("it is not a Tabula play record"))
    version = data.get("format")
    if type(version) is not int or not 1 <= version <= FORMAT:
        shown = _number(version) if type(version) is int else repr(version)[:20]
        raise RecordFormatError(Say("format {shown} is not one this Tabula reads", shown=shown))
    record_id = _need(data, "id", str)
    if not SAFE_ID.fullmatch(record_id):
        raise RecordFormatError(Say("id: {id} is not 1-100 letters, digits, '-' or '_'", id=repr(record_id[:40])))
    date = _need(data, "date", str)
    try:
        datetime.fromisoformat(date)
    except ValueError:
        raise RecordFormatError(Say("date: {date} is not an ISO 8601 date", date=repr(date[:40]))) from None
    source = _need(data, "source", str)
    if source not in SOURCES:
        raise RecordFormatError(Say("source: {source} is not one of {sources}", source=repr(source[:20]),
                                    sources=", ".join(SOURCES)))
    game = _need(data, "game", str)
    games = known_games()
    if game not in games:
        raise RecordFormatError(Say("game: {game} is not a game this Tabula knows ({games})", game=repr(game[:40]),
                                    games=", ".join(sorted(games))))
    link = _need(data, "link", str)
    if link and not SAFE_ID.fullmatch(link):
        raise RecordFormatError(Say("link: {link} is not the id of a save or a sheet", link=repr(link[:40])))
    variant = _need(data, "variant", str)
    players_data = _need(data, "players", list)
    if len(players_data) not in games[game]:
        counts = games[game]
        raise RecordFormatError(Say.counted("players: {n:,} player, and {game} is for {least} to {most}",
                                            "players: {n:,} players, and {game} is for {least} to {most}",
                                            n=len(players_data), game=game, least=counts[0], most=counts[-1]))
    players = []
    for index, player in enumerate(players_data):
        where = f"players[{index}]."
        if not isinstance(player, dict):
            raise RecordFormatError(Say("players[{index}]: not an object", index=index))
        breakdown = _need(player, "breakdown", dict, where)
        if len(breakdown) > MOST["categories"]:
            raise RecordFormatError(Say("{where}breakdown: {n:,} categories (at most {most})", where=where,
                                        n=len(breakdown), most=MOST["categories"]))
        for category, points in breakdown.items():
            if not (isinstance(points, int) and not isinstance(points, bool)):
                raise RecordFormatError(Say("{where}breakdown: categories must map to whole numbers", where=where))
            if len(category) > MOST["name"]:
                raise RecordFormatError(Say("{where}breakdown: a category name is too long ({n:,} characters)",
                                            where=where, n=len(category)))
            if points not in SCORES:
                raise RecordFormatError(Say("{where}breakdown: {category}: {number} is out of range "
                                            "({least} to {most})", where=where, category=repr(category[:40]),
                                            number=_number(points), least=SCORES[0], most=SCORES[-1]))
        bot = player.get("bot", "")  # records made before bots were marked have none
        if bot != "" and bot not in BOTS:
            raise RecordFormatError(Say("{where}bot: {bot} is not a kind of bot this Tabula knows", where=where,
                                        bot=repr(str(bot)[:20])))
        outcome = player.get("outcome", "")  # records made before concessions have none
        if outcome not in OUTCOMES:
            raise RecordFormatError(Say("{where}outcome: {outcome} is not one of {outcomes}", where=where,
                                        outcome=repr(str(outcome)[:20]), outcomes=", ".join(OUTCOMES[1:])))
        players.append(PlayerResult(_need(player, "name", str, where), _need(player, "score", int, where),
                                    dict(breakdown), _need(player, "winner", bool, where), bot, outcome))
    components = data.get("components", "")  # records made before component sets have none
    if not (isinstance(components, str) and len(components) <= MOST["name"] and components.isprintable()):
        raise RecordFormatError(Say("components: not the name of a component set"))
    return PlayRecord(record_id, date, game, players, variant, source, link, components)


# -- the store -------------------------------------------------------------------------------


class RecordStore:
    def __init__(self, layout: Layout):
        self.layout = layout
        self.folder = layout.records
        self.folder.mkdir(parents=True, exist_ok=True)
        self.problems: list[Said] = []

    def _file(self, record_id: str) -> DocumentFile:
        if not SAFE_ID.fullmatch(record_id):
            raise RecordFormatError(f"bad record id {record_id!r}")
        return DocumentFile(self.folder / f"{record_id}.json", self.layout.locks / f"record-{record_id}.lock", "record")

    def put(self, record: PlayRecord) -> None:
        document = record_to_dict(record)
        record_from_dict(document)  # never write what we could not read back
        self._file(record.id).put(document)

    def get(self, record_id: str) -> PlayRecord | None:
        try:
            document = self._file(record_id).read()
            return record_from_dict(document) if document is not None else None
        except (UnreadableFile, RecordFormatError):
            return None

    def remove(self, record_id: str) -> bool:
        path = self.folder / f"{record_id}.json"
        if not SAFE_ID.fullmatch(record_id) or not path.exists():
            return False
        with self._file(record_id).holding_lock():
            path.unlink(missing_ok=True)
        return True

    def all(self) -> list[PlayRecord]:
        """Every usable record, oldest first. One that is not (damaged, written by hand or by an
        older Tabula that took anything in) is set aside with a message in ``problems`` and the
        others are read as usual."""
        records = []
        for path in sorted(self.folder.glob("*.json")):
            if path.name.startswith("."):
                continue
            file = self._file(path.stem) if SAFE_ID.fullmatch(path.stem) else path
            try:
                if isinstance(file, Path):
                    raise RecordFormatError(Say("its name is not one Tabula gives its files"))
                document = file.read()
                if document is not None:
                    records.append(record_from_dict(document))
            except (UnreadableFile, RecordFormatError) as error:
                self._set_aside(file, Say("it is not a play record this Tabula reads ({error:said})",
                                           error=said_to_json(said_of(error))))
        records.sort(key=lambda r: (r.date, r.id))
        return records

    def _set_aside(self, file: DocumentFile | Path, reason: Said) -> None:
        from .store import set_aside

        message = set_aside(file, self.layout.set_aside, reason)
        if message is not None and message not in self.problems:
            self.problems.append(message)

    def import_records(self, records: Iterable[PlayRecord]) -> tuple[int, int]:
        """Store records not already held (by id or fingerprint); returns (added, duplicates)."""
        held = self.all()
        ids = {r.id for r in held}
        prints = {r.fingerprint() for r in held}
        added = duplicates = 0
        for record in records:
            if record.id in ids or record.fingerprint() in prints:
                duplicates += 1
                continue
            self.put(record)
            ids.add(record.id)
            prints.add(record.fingerprint())
            added += 1
        return added, duplicates


# -- what is recorded ------------------------------------------------------------------------


def record_game_of(store: SaveStore, save: SaveRecord) -> PlayRecord:
    """Record a finished save (a SaveRecord) from its replayed match; the date is when it ended."""
    from engine.registry import rules_for

    from .session import replay_record

    match = replay_record(save)
    variant = variant_of(rules_for(save.game), match.options)
    record = game_record(save, match, variant, save.updated)
    store.records.put(record)
    return record


def sync_finished_games(store: SaveStore) -> int:
    """Record every finished saved game that has no record yet (games finished before records
    were kept, or whose record could not be written); returns how many were added."""
    held = {path.stem for path in store.layout.records.glob("game-*.json")}
    added = 0
    for save in store.summaries():
        if save.status == "finished" and f"game-{save.id}" not in held:
            try:
                record_game_of(store, store.load(save.id))
                added += 1
            except Exception as error:  # a save that does not replay is reported, never recorded wrongly
                store.records.problems.append(Say("saved game {id} was not recorded: {error:said}", id=save.id,
                                                  error=said_to_json(said_of(error))))
    return added


def record_sheet(store: SaveStore, sheet_id: str, sheet: dict[str, Any]) -> None:
    """Keep the record of a score sheet in step with it: recorded while it is marked finished
    (dated when it was first marked), taken out when it is opened again."""
    record_id = f"sheet-{sheet_id}"
    old = store.records.get(record_id)
    record = sheet_record(sheet_id, sheet, old.date if old else None)
    if record is None:
        store.records.remove(record_id)
    else:
        store.records.put(record)


def results(names: Sequence[str], scores: Iterable[Score], winners: Sequence[int],
            bots: Sequence[str] | None = None) -> list[PlayerResult]:
    """``bots``: each seat's bot kind, '' for a person (None: all people, as on a score sheet)."""
    return [PlayerResult(names[s.seat], s.total, dict(s.breakdown), s.seat in winners, bots[s.seat] if bots else "")
            for s in scores]


def final_ranking(save: SaveHeader, match: Match) -> list[tuple[int, list[int]]]:
    """The places of a game that is over: the rules' ranking, with the seats that left the game
    placed as saves.concessions says."""
    return standings(match.ranking(), save.seat_changes, save.ending, [seat.kind for seat in save.seats])


def game_record(save: SaveRecord, match: Match, variant: str, date: str | None = None) -> PlayRecord:
    """The record of a game that is over (its rules or its players ended it): a seat a bot took
    over mid-game is its player's, with how it ended (``PlayerResult.outcome``); an agreed draw
    has no winner."""
    ranking = final_ranking(save, match)
    drawn = save.ending is not None and save.ending.why == DRAW
    winners = ranking[0][1] if ranking and not drawn else []
    names = [seat.name for seat in save.seats]
    kinds = original_kinds([seat.kind for seat in save.seats], save.seat_changes)
    bots = [kind if kind in BOTS else "" for kind in kinds]
    scores = match.scores()
    players = results(names, scores, winners, bots)
    for score, player in zip(scores, players, strict=True):
        player.outcome = outcome_of(score.seat, save.seat_changes, save.ending)
    kept = save.component_set
    return PlayRecord(f"game-{save.id}", date or now_iso(), save.game, players, variant, "digital", save.id,
                      "" if kept is None else kept.name)


def variant_of(rules: Rules, options: Mapping[str, Any]) -> str:
    """The options that differ from the defaults, as the new game form names them."""
    parts = []
    for option in rules.options:
        value = options.get(option.key, option.default)
        if value != option.default:
            label = next((text for v, text in option.values if v == value), str(value))
            parts.append(f"{option.label}: {label}")
    return "; ".join(parts)


def sheet_record(sheet_id: str, sheet: dict[str, Any], date: str | None = None) -> PlayRecord | None:
    """The record of a score sheet marked finished (None if it does not compute)."""
    from engine.assistant.sheets import evaluate_sheet, form_of, labels_of

    if sheet.get("kind") != "form" or not sheet.get("finished") or form_of(sheet).kind != "score":
        return None
    result = evaluate_sheet(sheet).result
    if result is None or result.scores is None:
        return None
    switched_on = [field.variant for field in form_of(sheet).shared
                   if field.variant and str(sheet["shared"].get(field.key, "")).strip() == "1"]
    variant = "; ".join(switched_on)
    return PlayRecord(f"sheet-{sheet_id}", date or now_iso(), sheet["game"],
                      results(labels_of(sheet), result.scores, result.winners), variant, "sheet", sheet_id)


# -- export and import -----------------------------------------------------------------------


def export_json(records: Sequence[PlayRecord]) -> str:
    return json.dumps({"format": FORMAT, "kind": EXPORT_KIND, "records": [record_to_dict(r) for r in records]},
                      indent=1, ensure_ascii=False)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet takes a cell starting with these as a formula: such text is written with a
leading apostrophe (which import takes off again)."""


def inert(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_START) or as_written(text) != text else text


def as_written(text: str) -> str:
    """The text ``inert`` was given: a leading apostrophe before a formula start or another apostrophe
    is taken off ("'=x" was written for "=x", "''=x" for "'=x")."""
    return text[1:] if text.startswith("'") and text[1:].startswith((*FORMULA_START, "'")) else text


def export_csv(records: Sequence[PlayRecord]) -> str:
    """One row per player of each record; the breakdown is a JSON object in its column. Text
    that a spreadsheet would run as a formula is made inert."""
    out = io.StringIO()
    # quoting every cell keeps a carriage return in a name in its cell
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(CSV_COLUMNS)
    for record in records:
        for seat, player in enumerate(record.players):
            writer.writerow([record.id, record.date, inert(record.game), len(record.players), inert(record.variant),
                             record.source, inert(record.link), seat, inert(player.name), player.score,
                             "yes" if player.winner else "no", inert(json.dumps(player.breakdown, ensure_ascii=False)),
                             player.bot, player.outcome])
    return out.getvalue()


def parse_export(text: str) -> tuple[list[PlayRecord], list[Say]]:
    """The records of an export, JSON or CSV, and what was wrong with each record refused (one
    bad record never stops the others); RecordFormatError if the file as a whole is not one."""
    if text.lstrip()[:1] in ("{", "["):
        try:
            data = parse_json(text)
        except UnreadableFile as error:
            raise RecordFormatError(str(error).removeprefix("it is ")) from None
        items = data.get("records") if isinstance(data, dict) and data.get("kind") == EXPORT_KIND else data
        if isinstance(data, dict) and data.get("kind") == KIND:
            items = [data]
        if not isinstance(items, list):
            raise RecordFormatError(Say("expected a Tabula records export"))
        _not_too_many(len(items))
        records, refused = [], []
        for index, item in enumerate(items):
            try:
                records.append(record_from_dict(item))
            except RecordFormatError as error:
                refused.append(Say("records[{index}]: {error:said}", index=index, error=said_to_json(error.said)))
        return records, refused
    return parse_csv(text)


def _not_too_many(count: int) -> None:
    if count > MOST["records"]:
        raise RecordFormatError(Say("it holds {n:,} records; an export holds at most {most:,}", n=count,
                                    most=MOST["records"]))


def parse_csv(text: str) -> tuple[list[PlayRecord], list[Say]]:
    try:
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
    except csv.Error as error:
        raise RecordFormatError(f"not CSV: {error}") from None
    needed = [column for column in CSV_COLUMNS if column not in CSV_LATER]
    if not rows or set(needed) - set(rows[0]):
        raise RecordFormatError(Say("expected a CSV export with the columns {columns}", columns=", ".join(needed)))
    for number, row in enumerate(rows, start=2):
        if any(row[column] is None for column in needed):
            raise RecordFormatError(Say("line {number}: fewer cells than the columns", number=number))
    grouped: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        grouped.setdefault(row["record"], []).append(row)
    _not_too_many(len(grouped))
    records, refused = [], []
    for record_id, players in grouped.items():
        try:
            records.append(record_from_dict(_csv_record(record_id, players)))
        except RecordFormatError as error:
            refused.append(Say("record {id}: {error:said}", id=repr(record_id[:40]), error=said_to_json(error.said)))
    return records, refused


def _csv_record(record_id: str, players: list[dict[str, str]]) -> dict[str, Any]:
    """The rows of one record as the JSON a record is (checked by record_from_dict)."""
    first = players[0]
    try:
        ordered = sorted(players, key=lambda p: int(p["seat"]))
        return {"format": FORMAT, "kind": KIND, "id": record_id, "date": first["date"],
                "game": as_written(first["game"]), "variant": as_written(first["variant"]),
                "source": first["source"], "link": as_written(first["link"]),
                "players": [{"name": as_written(p["player"]), "score": int(p["score"]), "winner": p["winner"] == "yes",
                             "breakdown": parse_json(as_written(p["breakdown"]) or "{}"), "bot": p.get("bot") or "",
                             "outcome": p.get("outcome") or ""}
                            for p in ordered]}
    except UnreadableFile as error:
        raise RecordFormatError(f"breakdown: {str(error).removeprefix('it is ')}") from None
    except (ValueError, TypeError) as error:
        raise RecordFormatError(str(error)[:200]) from None


# -- statistics ------------------------------------------------------------------------------


@dataclass
class Line:
    """One player's figures in one game (or all games)."""

    player: Player
    game: str
    plays: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    outcomes: dict[str, int] = field(default_factory=dict)
    """How many of the plays ended otherwise than played to the end, by outcome (CONCEDED,
    ABANDONED, DRAW): counted apart, and among the plays."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def average(self) -> float:
        return self.total / self.plays if self.plays else 0.0


def filtered(records: Iterable[PlayRecord], game: str | None = None, player: Player | None = None) -> list[PlayRecord]:
    return [r for r in records if (game is None or r.game == game)
            and (player is None or any(p.player == player for p in r.players))]


def stats(records: Iterable[PlayRecord], game: str | None = None, player: Player | None = None) -> list[Line]:
    """Plays, wins, win rate, average and best score per player and game, most plays first.

    A shared win counts as a win for each player who shares it."""
    lines: dict[tuple[Player, str], Line] = {}
    for record in filtered(records, game):
        for result in record.players:
            if player is not None and result.player != player:
                continue
            line = lines.setdefault((result.player, record.game), Line(result.player, record.game))
            line.plays += 1
            line.wins += result.winner
            line.total += result.score
            line.best = result.score if line.best is None else max(line.best, result.score)
            if result.outcome:
                line.outcomes[result.outcome] = line.outcomes.get(result.outcome, 0) + 1
    return sorted(lines.values(), key=lambda line: (-line.plays, -line.wins, line.player, line.game))
