"""The devotion tracks: Dionysus (turn order) and Ares (gate tile ties), steps and their rewards."""

from __future__ import annotations

from engine.core import Ask

from . import choices, effects
from .board import add_vp, log, names
from .catalog import catalog
from .choices import Track

TRACK_NAMES = {"dionysus": "Dionysus", "ares": "Ares"}
PAST_END_VP = 1


def advance(state, seat: int, track: str, flow) -> None:
    """One step on a track and its reward (twice on a yellow space); past the end, 1 VP."""
    cat = catalog()
    positions = state["track"][track]
    if positions[seat] >= cat.tracks[track]:
        add_vp(state, seat, PAST_END_VP)
        log(state, lambda: f"{names(state, seat)} is at the end of {TRACK_NAMES[track]}: {PAST_END_VP} VP")
        return
    positions[seat] += 1
    state["clock"] += 1
    state["arrived"][track][seat] = state["clock"]
    space = cat.track_spaces[(track, positions[seat])]
    log(state, lambda: f"{names(state, seat)} advances to {TRACK_NAMES[track]} {positions[seat]}")
    reward = space["reward"] * (2 if space["yellow"] else 1)
    extra = []
    stand = state["cmd"].get(_track_commander(), {})
    if stand.get("seat") == seat and stand.get("at") == track:
        promotions = [op["promote"] for op in space["reward"] if "promote" in op]
        extra = [{"promote": {"n": 1, "kind": promotions[0].get("kind", "any")}}] if promotions else []
    flow.push(*effects.frames(reward + extra, seat))


def _track_commander() -> str:
    return catalog().commander_with("track")


def tracks_allowed(frame) -> tuple[str, ...]:
    if frame["track"] != "any":
        return (frame["track"],)
    used = frame["used"]
    if frame["mode"] == "same" and used:
        return (used[0],)
    if frame["mode"] == "different":
        return tuple(t for t in TRACK_NAMES if t not in used)
    return tuple(TRACK_NAMES)


class Devotion(Ask):
    """n steps on the devotion tracks (frame: track, mode, used)."""

    name = "devotion"
    topic = "devotion"

    def ready(self, state, frame):
        return frame["n"] > 0 and bool(tracks_allowed(frame))

    def options(self, state, frame):
        return [*(choices.track(t) for t in tracks_allowed(frame)), choices.STOP]

    def describe(self, state, frame, choice):
        if not isinstance(choice.args, Track):
            return "Stop advancing", f"{frame['n']} step(s) left unused"
        track = choice.args.track
        step = state["track"][track][frame["seat"]] + 1
        space = catalog().track_spaces.get((track, step))
        from .text import effect_text
        hint = effect_text(space["reward"]) + (" (twice)" if space["yellow"] else "") if space else f"{PAST_END_VP} VP"
        return f"Advance on {TRACK_NAMES[track]} to {min(step, catalog().tracks[track])}", hint

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: advance on a devotion track ({frame['n']} left)"

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, Track):
            return
        track = choice.args.track
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1, "used": [*frame["used"], track]})
        advance(state, frame["seat"], track, flow)


STEPS = (Devotion(),)
