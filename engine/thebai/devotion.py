"""The devotion tracks: Dionysus (turn order) and Ares (gate tile ties), steps and their rewards."""

from __future__ import annotations

from typing import Any

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
    stand = state["cmd"].get(_track_commander(), {})
    flow.push(*effects.frames(space_reward(space, stand.get("seat") == seat and stand.get("at") == track), seat))


def space_reward(space: dict[str, Any], stand_beside: bool) -> effects.Effect:
    """What reaching a track space gives: its reward, twice on a yellow space, and one promotion
    more with the track commander's stand beside the track. Its promotions are one step, so
    they may fall on any combination of dice and are counted down together."""
    times = 2 if space["yellow"] else 1
    extra = 1 if stand_beside else 0
    reward: effects.Effect = []
    for op in space["reward"]:
        if "promote" in op:
            reward.append({"promote": {**op["promote"], "n": op["promote"].get("n", 1) * times + extra}})
            extra = 0
        else:
            reward += [op] * times
    return reward


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
            return Say("Stop advancing"), Say.counted("{n} step left unused", "{n} steps left unused", n=frame["n"])
        track = choice.args.track
        step = state["track"][track][frame["seat"]] + 1
        space = catalog().track_spaces.get((track, step))
        if not space:
            return Say("Advance on {track:track} past its end: {vp} VP", track=track, vp=PAST_END_VP), ""
        if space["yellow"]:
            hint = Say("{reward:effect} (twice)", reward=space["reward"])
        else:
            hint = Say("{reward:effect}", reward=space["reward"])
        return Say("Advance on {track:track} to {step}", track=track, step=step), hint

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
