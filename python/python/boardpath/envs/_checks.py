"""The argument checks of the environments (``VecEnv``, Gymnasium's ``RaceEnv`` and
``RaceVectorEnv``, PettingZoo's ``race_v0``) in one place: a bad value raises the same
``boardpath.ArgumentError``, naming it, whichever environment it was given to."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from .. import ArgumentError

#: The largest action id an int64 array can carry.
_INT64_MAX = np.iinfo(np.int64).max


def whole(what: str, value: Any, low: int, high: Optional[int] = None, span: str = "") -> int:
    """``value`` as an int from ``low`` to ``high`` (None: no bound above; ``span`` says the range
    in the message, where it is not the numbers); a bool, a float or anything else is refused."""
    ok = not isinstance(value, bool) and isinstance(value, (int, np.integer))
    if ok and low <= int(value) and (high is None or int(value) <= high):
        return int(value)
    span = span or (f"{low} or more" if high is None else f"from {low} to {high}")
    raise ArgumentError(f"{what} must be a whole number {span}; got {value!r}")


def index(what: str, value: Any, count: int) -> int:
    """An index of one of ``count`` games or players: ``what`` (game, player) ``value`` must
    exist."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ArgumentError(f"a {what} index is a whole number from 0 to {count - 1}; got {value!r}")
    if not 0 <= int(value) < count:
        raise ArgumentError(f"{what} {int(value)} does not exist ({what}s 0 to {count - 1})")
    return int(value)


def seed(value: Any) -> int:
    """A seed: a whole number that fits 64 bits unsigned."""
    return whole("seed", value, 0, 2**64 - 1, span="from 0 to 2**64 - 1")


def optional_seed(value: Any) -> Optional[int]:
    """A seed or None (draw one)."""
    return None if value is None else seed(value)


def choice(what: str, value: Any, valid: Sequence[Any]) -> Any:
    """``value`` if it is one of ``valid``."""
    if isinstance(value, str) or value is None:
        if value in valid:
            return value
    expected = ", ".join("None" if v is None else f'"{v}"' for v in valid)
    shown = f'"{value}"' if isinstance(value, str) else repr(value)
    raise ArgumentError(f"{what} {shown}: expected one of {expected}")


def render_mode(value: Any, modes: Sequence[str]) -> Optional[str]:
    """A render mode of ``modes``, or None."""
    return choice("render_mode", value, [None, *modes])


def action(value: Any, n: int) -> int:
    """One action id, 0 to ``n - 1``, as a Python int: an int or a 0-d integer array."""
    a = np.asarray(value)
    if a.shape != () or a.dtype.kind not in "iu":
        raise ArgumentError(f"an action is one integer action id (0 to {n - 1}); got {value!r}")
    if not 0 <= int(a) < n:
        raise ArgumentError(f"action {int(a)} does not exist (action ids 0 to {n - 1})")
    return int(a)


def actions(value: Any, num_envs: int) -> np.ndarray:
    """One action id per game as a 1-D int64 array of ``num_envs`` entries (an int64 array of
    that shape passes through untouched)."""
    if type(value) is np.ndarray and value.dtype == np.int64 and value.shape == (num_envs,):
        return value
    a = np.asarray(value)
    if a.dtype.kind not in "iu":
        raise ArgumentError(
            f"actions must be integer action ids, one per game; got dtype {a.dtype} and shape {a.shape}"
        )
    if a.shape != (num_envs,):
        raise ArgumentError(
            f"actions must have shape ({num_envs},): one action per game; got shape {a.shape}"
        )
    if a.dtype.kind == "u" and a.size and int(a.max()) > _INT64_MAX:
        i = int(a.argmax())
        raise ArgumentError(f"game {i}: action {int(a[i])} does not exist (it exceeds int64)")
    return a.astype(np.int64, copy=False)


def reset_mask(value: Any, num_envs: int) -> np.ndarray:
    """Gymnasium's ``options["reset_mask"]``: the indices of the games it selects."""
    mask = np.asarray(value)
    if mask.shape != (num_envs,) or mask.dtype != np.bool_:
        raise ArgumentError(
            f"reset_mask must be a bool array of shape ({num_envs},); got dtype {mask.dtype} and shape {mask.shape}"
        )
    return np.flatnonzero(mask)
