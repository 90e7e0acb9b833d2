"""The devotion tracks: Dionysus (turn order) and Ares (gate tile ties), steps and their rewards."""

from __future__ import annotations

from engine.core import Ask, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .board import State, add_vp, log
from .catalog import catalog
from .choices import Track
from .constants import TRACKS

PAST_END_VP = 1


def advance(state: State, seat: int, track: str, flow: Stack) -> None:
    """One step on a track and its reward (twice on a yellow space); past the end, 1 VP."""
    cat = catalog()
    positions = state["track"][track]
    if positions[seat] >= cat.tracks[track]:
        add_vp(state, seat, PAST_END_VP)
        log(state, lambda: Say("{seat:seat} is at the end of {track:track}: {vp} VP",
                               seat=seat, track=track, vp=PAST_END_VP))
        return
    positions[seat] += 1
    state["clock"] += 1
    state["arrived"][track][seat] = state["clock"]
    space = cat.track_spaces[(track, positions[seat])]
    step = positions[seat]
    log(state, lambda: Say("{seat:seat} advances to {track:track} {step}", seat=seat, track=track, step=step))
    reward = space["reward"] * (2 if space["yellow"] else 1)
    extra = []
    stand = state["cmd"].get(_track_commander(), {})
    if stand.get("seat") == seat and stand.get("at") == track:
        promotions = [op["promote"] for op in space["reward"] if "promote" in op]
        extra = [{"promote": {"n": 1, "kind": promotions[0].get("kind", "any")}}] if promotions else []
    flow.push(*effects.frames(reward + extra, seat))


def _track_commander() -> str:
    return catalog().commander_with("track")


def tracks_allowed(frame: Frame) -> tuple[str, ...]:
    if frame["track"] != "any":
        return (frame["track"],)
    used = frame["used"]
    if frame["mode"] == "same" and used:
        return (used[0],)
    if frame["mode"] == "different":
        return tuple(t for t in TRACKS if t not in used)
    return TRACKS


class Devotion(Ask):
    """n steps on the devotion tracks (frame: track, mode, used)."""

    name = "devotion"
    topic = "devotion"

    def ready(self, state: State, frame: Frame) -> bool:
        return frame["n"] > 0 and bool(tracks_allowed(frame))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*(choices.track(t) for t in tracks_allowed(frame)), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, Track):
            return "Stop advancing", Say("{n} step(s) left unused", n=frame["n"])
        track = choice.args.track
        step = state["track"][track][frame["seat"]] + 1
        space = catalog().track_spaces.get((track, step))
        if not space:
            hint = Say("{vp} VP", vp=PAST_END_VP)
        elif space["yellow"]:
            hint = Say("{reward:effect} (twice)", reward=space["reward"])
        else:
            hint = Say("{reward:effect}", reward=space["reward"])
        return Say("Advance on {track:track} to {step}", track=track, step=min(step, catalog().tracks[track])), hint

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: advance on a devotion track ({n} left)", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, Track):
            return
        track = choice.args.track
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1, "used": [*frame["used"], track]})
        advance(state, frame["seat"], track, flow)


STEPS = (Devotion(),)
