"""The table's lines of text: the status line, the prompt, a seat's panel title."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.cells import cell_len

from engine.core.seats import seat_tag
from saves.concessions import CONCEDED, SeatChange
from tui.i18n import _
from tui.text import KINDS, clean, cut, seat_label, short_time

from .state import TableState

if TYPE_CHECKING:
    from engine.search.hint import Hint, Suggestion

    from .controller import Thinking

BAR = 10
"""Cells of a search's progress bar."""


def status_line(state: TableState, width: int) -> str:
    """The title, where the game stands and whose view this is, in ``width`` columns."""
    if state.lost:
        watching = _("seat lost, watching only")
    elif state.viewer is None:
        watching = _("spectator view")
    elif len(state.humans) == 1:
        watching = _("you play {seat}").format(seat=seat_label(state.names, state.viewer))
    else:
        watching = _("hot seat, view of {seat}").format(seat=seat_label(state.names, state.viewer))
    tail = f" · {state.progress} · {watching}"
    if state.components:  # "Thebai: Ann vs Bruno · My box · round 2 of 4 · ..."
        tail = f" · {clean(state.components, lines=False)}{tail}"
    room = max(width - 2 - cell_len(tail), 8)  # a long title gives way to whose view this is
    return cut(clean(state.title, lines=False), room) + tail


def seat_title(state: TableState, seat: int) -> str:
    """'▶ ●A Ann (random bot)': awaited, tag and name, and what plays it unless a human."""
    mark = "▶ " if seat in state.awaiting else ""
    kind = "" if state.kinds[seat] == "human" else f" ({KINDS.get(state.kinds[seat], state.kinds[seat]).lower()})"
    return f"{mark}{seat_label(state.names, seat)}{kind}"


def prompt_line(state: TableState) -> str:
    """What happens now, naming (with seat tags) everyone the game waits for, and who plays for
    an awaited player who left the game."""
    line = waiting_line(state)
    taken_over = taken_over_line(state, state.awaiting)
    if taken_over:
        line += f"\n({taken_over})"
    if state.draw_offered is not None:
        offered = seat_label(state.names, state.draw_offered)
        line += (f"\n{offered} offers a draw: Ctrl+P, then Accept the draw or Decline the draw"
                 if state.draw_offered != state.viewer and state.viewer in state.humans
                 else f"\n{offered} offers a draw; waiting for the answer")
    return line


def waiting_line(state: TableState) -> str:
    prompt = state.view.get("prompt", "")
    if state.choices or state.confirming:
        assert state.viewer is not None  # only a seat chooses or confirms
        line = f"▶ {named_prompt(state.names, state.viewer, prompt)}"
        if state.others_awaited:
            line += f"\nAlso waiting for {seat_list(state.names, state.others_awaited)}"
        return line
    who = seat_list(state.names, state.awaiting)
    if state.next_bot is not None:
        return f"{who} is choosing… ({prompt})"
    if len(state.awaiting) == 1:
        line = f"Waiting for {named_prompt(state.names, state.awaiting[0], prompt)}"
    else:
        line = f"Waiting for {who}: {prompt}"
    away = [seat for seat in state.awaiting if state.away(seat)]
    if away:
        line += f"\n({seat_list(state.names, away)} {'is' if len(away) == 1 else 'are'} not at the table)"
    return line


def taken_over_line(state: TableState, seats: list[int]) -> str:
    """Who plays for those of ``seats`` whose players left the game ('' when none did)."""
    return "; ".join(f"{clean(state.names[change.seat], lines=False)}'s seat has been played by "
                     f"{bot_words(change.kind)} since {short_time(change.when, compact=True)}"
                     for change in state.seat_changes if change.seat in seats)


def change_line(names: list[str], change: SeatChange) -> str:
    """The log's line for a seat handed to a bot."""
    done = "conceded" if change.why == CONCEDED else "left the game"
    return (f"{clean(names[change.seat], lines=False)} {done}; {bot_words(change.kind)} plays "
            f"{seat_tag(change.seat)} from move {change.at + 1}")


def bot_words(kind: str) -> str:
    """'a Normal bot', 'an Easy bot'."""
    words = KINDS.get(kind, f"{kind} bot")
    return f"{'an' if words[0] in 'AEIOU' else 'a'} {words}"


def seat_list(names: list[str], seats: list[int]) -> str:
    return ", ".join(seat_label(names, seat) for seat in seats)


def named_prompt(names: list[str], seat: int, prompt: str) -> str:
    """'●A Ann: play or draw', without naming the player twice when the game's prompt does."""
    if prompt.startswith(f"{names[seat]}:"):
        return f"{seat_tag(seat)} {prompt}"
    return f"{seat_label(names, seat)}: {prompt}"


def thinking_line(state: TableState, thinking: Thinking) -> str:
    """'▲B Bruno is thinking… 31%' over '▰▰▰▱▱▱▱▱▱▱ m: move now' (a tui.table.controller.Thinking;
    no key where this terminal may not hurry it); or, while the search waits for a free thinker
    of the server, '▲B Bruno waits for a free thinker (2nd in line)…' over what m does then."""
    if thinking.waiting:
        who = "Hint" if thinking.hint else seat_label(state.names, thinking.seat)
        if thinking.waiting > 0:
            why = f"waits for a free thinker ({ordinal(thinking.waiting)} in line)"
        elif thinking.behind:
            why = f"waits for your other games' bots ({thinking.behind} at a time)"
        else:
            why = "waits for a free thinker"
        key = ("m: cancel" if thinking.hint else "m: move now, as the Easy bot would") if thinking.hurry else ""
        return f"{who} {why}…\n{key}"
    filled = round(thinking.fraction * BAR)
    bar = "▰" * filled + "▱" * (BAR - filled)
    who = "Working out a hint" if thinking.hint else f"{seat_label(state.names, thinking.seat)} is thinking"
    key = f" m: {'now' if thinking.hint else 'move now'}" if thinking.hurry else ""
    return f"{who}… {thinking.fraction:.0%}\n{bar}{key}"


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def hint_lines(hint: Hint, keys: Mapping[str, str]) -> list[str]:
    """The suggestions of an engine.search.hint.Hint, best first, each after its key (``keys``:
    by choice id), with their win chances."""
    def keyed(suggestion: Suggestion) -> str:
        return f"{keys.get(suggestion.choice, ' ')} {clean(suggestion.label, lines=False)}"

    if hint.forced:
        return [f"Only one choice: {keyed(hint.suggestions[0])}"]
    lines = [f"{keyed(s)} — about {s.win:.0%} to win" for s in hint.suggestions]
    return [*lines, f"(from what you can see: {hint.iterations} play-outs)"]


def talk_mark(unread: int) -> str:
    """What the status line says of the table talk's new messages ('' when there are none)."""
    return f"✉ {unread} new (!) · " if unread else ""
