"""A value checked against the type it is declared with (TypedDicts, lists, tuples, unions,
literals, plain types), at run time: what a game's view holds must be exactly what its type
declares, so that no field of the state slips into it unseen."""

from __future__ import annotations

import functools
import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

from typing_extensions import ReadOnly, is_typeddict


@functools.cache
def declared_fields(typed_dict: Any) -> dict[str, Any]:
    """A TypedDict's fields with their types (worked out once: it costs more than the check)."""
    return typing.get_type_hints(typed_dict, include_extras=True)


@functools.cache
def parts(hint: Any) -> tuple[Any, tuple[Any, ...], bool]:
    """A type's origin, its arguments and whether it is a TypedDict (asked of every value checked)."""
    return get_origin(hint), get_args(hint), is_typeddict(hint)


def problems(value: Any, hint: Any, where: str = "view") -> list[str]:
    """What in ``value`` does not fit ``hint`` ([] when it all does)."""
    if hint is Any:
        return []
    origin, args, typed_dict = parts(hint)
    if origin in (ReadOnly, Required, NotRequired):
        return problems(value, args[0], where)
    if typed_dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {hint.__name__}"]
        declared = declared_fields(hint)
        found = [f"{where}.{key}: not declared in {hint.__name__}" for key in value if key not in declared]
        found += [f"{where}.{key}: missing" for key in hint.__required_keys__ if key not in value]
        for key, inner in declared.items():
            if key in value:
                found += problems(value[key], inner, f"{where}.{key}")
        return found
    if origin in (Union, types.UnionType):
        each = []
        for option in args:
            found = problems(value, option, where)
            if not found:
                return []
            each.append(found)
        return min(each, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin in (list, tuple, dict):
        if not isinstance(value, origin):
            return [f"{where}: {type(value).__name__}, not a {origin.__name__}"]
        if origin is list:
            return [p for index, item in enumerate(value)
                    for p in problems(item, args[0], f"{where}[{index}]")] if args else []
        if origin is dict:
            return [p for key, item in value.items()
                    for p in problems(key, args[0], f"{where} key") + problems(item, args[1], f"{where}[{key!r}]")
                    ] if args else []
        if len(args) == 2 and args[1] is Ellipsis:
            return [p for index, item in enumerate(value) for p in problems(item, args[0], f"{where}[{index}]")]
        if len(args) != len(value):
            return [f"{where}: {len(value)} items, not {len(args)}"]
        return [p for index, (item, inner) in enumerate(zip(value, args))
                for p in problems(item, inner, f"{where}[{index}]")]
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is float:
        return [] if type(value) in (int, float) else [f"{where}: {type(value).__name__}, not a float"]
    if isinstance(hint, type):
        if hint is int and type(value) is bool:
            return [f"{where}: a bool, not an int"]
        return [] if isinstance(value, hint) else [f"{where}: {type(value).__name__}, not a {hint.__name__}"]
    return [f"{where}: cannot check against {hint!r}"]
