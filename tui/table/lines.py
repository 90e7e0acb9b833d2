"""The table's lines of text: the status line, the prompt, a seat's panel title."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.cells import cell_len

from engine.core.seats import seat_tag
from saves.concessions import CONCEDED, SeatChange
from tui.i18n import _, ngettext
from tui.text import bot_mark, bound, clean, cut, kind_name, ordinal, seat_label, short_time

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
    return f"{mark}{seat_label(state.names, seat)}{bot_mark(state.kinds[seat])}"


def prompt_line(state: TableState) -> str:
    """What happens now, naming (with seat tags) everyone the game waits for, and who plays for
    an awaited player who left the game."""
    line = waiting_line(state)
    taken_over = taken_over_line(state, state.awaiting)
    if taken_over:
        line += f"\n({taken_over})"
    if state.draw_offered is not None:
        offered = seat_label(state.names, state.draw_offered)
        line += "\n" + (_("{seat} offers a draw: Ctrl+P, then Accept the draw or Decline the draw")
                         if state.draw_offered != state.viewer and state.viewer in state.humans
                         else _("{seat} offers a draw; waiting for the answer")).format(seat=offered)
    return line


def waiting_line(state: TableState) -> str:
    prompt = state.view.get("prompt", "")
    if state.choices or state.confirming:
        assert state.viewer is not None  # only a seat chooses or confirms
        named = named_prompt(state, state.viewer, prompt)
        line = bound("▶ ", named) + named
        if state.others_awaited:
            line += "\n" + _("Also waiting for {seats}").format(seats=seat_list(state.names, state.others_awaited))
        return line
    who = seat_list(state.names, state.awaiting)
    if state.next_bot is not None:
        return _("{seats} is choosing… ({prompt})").format(seats=who, prompt=prompt)
    if len(state.awaiting) == 1:
        line = _("Waiting for {prompt}").format(prompt=named_prompt(state, state.awaiting[0], prompt))
    else:
        line = _("Waiting for {seats}: {prompt}").format(seats=who, prompt=prompt)
    away = [seat for seat in state.awaiting if state.away(seat)]
    if away:
        line += "\n" + ngettext("({seats} is not at the table)", "({seats} are not at the table)",
                                len(away)).format(seats=seat_list(state.names, away))
    return line


def taken_over_line(state: TableState, seats: list[int]) -> str:
    """Who plays for those of ``seats`` whose players left the game ('' when none did)."""
    return _("; ").join(_("{name}'s seat has been played by {bot} since {when}").format(
        name=clean(state.names[change.seat], lines=False), bot=bot_words(change.kind),
        when=short_time(change.when, compact=True)) for change in state.seat_changes if change.seat in seats)


def change_line(names: list[str], change: SeatChange) -> str:
    """The log's line for a seat handed to a bot."""
    line = (_("{name} conceded; {bot} plays {seat} from move {move}") if change.why == CONCEDED
            else _("{name} left the game; {bot} plays {seat} from move {move}"))
    return line.format(name=clean(names[change.seat], lines=False), bot=bot_words(change.kind),
                       seat=seat_tag(change.seat), move=change.at + 1)


def bot_words(kind: str) -> str:
    """'a Normal bot', 'an Easy bot' (in Japanese the kind alone)."""
    words = kind_name(kind)
    return (_("an {bot}") if words[0] in "AEIOU" else _("a {bot}")).format(bot=words)


def seat_list(names: list[str], seats: list[int]) -> str:
    return ", ".join(seat_label(names, seat) for seat in seats)


def named_prompt(state: TableState, seat: int, prompt: str) -> str:
    """'●A Ann: play or draw', without naming the player twice when the game's prompt is
    addressed to them (the view says so: ``prompt_to``; the words are never searched for a name)."""
    if state.view.get("prompt_to") == seat:
        return bound(f"{seat_tag(seat)} ", prompt) + prompt
    return _("{seat}: {prompt}").format(seat=bound(seat_label(state.names, seat), prompt), prompt=prompt)


def thinking_line(state: TableState, thinking: Thinking) -> str:
    """'▲B Bruno is thinking… 31%' over '▰▰▰▱▱▱▱▱▱▱ m: move now' (a tui.table.controller.Thinking;
    no key where this terminal may not hurry it); or, while the search waits for a free thinker
    of the server, '▲B Bruno waits for a free thinker (2nd in line)…' over what m does then."""
    if thinking.waiting:
        who = _("Hint") if thinking.hint else seat_label(state.names, thinking.seat)
        if thinking.waiting > 0:
            why = _("{who} waits for a free thinker ({place} in line)…").format(
                who=who, place=ordinal(thinking.waiting))
        elif thinking.behind:
            why = _("{who} waits for your other games' bots ({n} at a time)…").format(who=who, n=thinking.behind)
        else:
            why = _("{who} waits for a free thinker…").format(who=who)
        key = (_("m: cancel") if thinking.hint else _("m: move now, as the Easy bot would")) if thinking.hurry else ""
        return f"{why}\n{key}"
    filled = round(thinking.fraction * BAR)
    bar = "▰" * filled + "▱" * (BAR - filled)
    who = (_("Working out a hint… {percent}") if thinking.hint else _("{seat} is thinking… {percent}")).format(
        seat=seat_label(state.names, thinking.seat), percent=f"{thinking.fraction:.0%}")
    key = " " + (_("m: now") if thinking.hint else _("m: move now")) if thinking.hurry else ""
    return f"{who}\n{bar}{key}"



def hint_lines(hint: Hint, keys: Mapping[str, str]) -> list[str]:
    """The suggestions of an engine.search.hint.Hint, best first, each after its key (``keys``:
    by choice id), with their win chances."""
    def keyed(suggestion: Suggestion) -> str:
        return f"{keys.get(suggestion.choice, ' ')} {clean(suggestion.label, lines=False)}"

    if hint.forced:
        return [_("Only one choice: {choice}").format(choice=keyed(hint.suggestions[0]))]
    lines = [_("{choice} — about {percent} to win").format(choice=keyed(s), percent=f"{s.win:.0%}")
             for s in hint.suggestions]
    return [*lines, ngettext("(from what you can see: {n} play-out)", "(from what you can see: {n} play-outs)",
                             hint.iterations).format(n=hint.iterations)]


def talk_mark(unread: int) -> str:
    """What the status line says of the table talk's new messages ('' when there are none)."""
    return _("✉ {n} new (!) · ").format(n=unread) if unread else ""
