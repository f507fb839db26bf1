"""``random_actions``: a uniformly random legal action per game, drawn in numpy from a batch's
mask, the way a random agent (or an epsilon-greedy one) acts on ``VecEnv``'s output.

How it draws. Row ``i`` of an ``(N, A)`` mask with ``c`` legal actions takes one uniform number
``u`` of ``rng.random(N)`` and plays its ``floor(u * c)``-th legal action, counted from the
lowest id: uniform over the legal actions (to the 53 bits of ``u``: each has a chance within
``2**-53`` of ``1 / c``), and independent of the other rows. Which action is
the ``k``-th is found without visiting the legal entries one by one (numpy's ``nonzero`` does,
with a branch at each, which costs more than the rest of the draw): the mask is packed to bits
(``np.packbits``), each row's ``A`` bits are read as one 64-bit word (``A`` up to 57, and up to 63
where the rows' bit offsets allow: 45 on the standard board, 58 on Ludo), the legal actions are
counted with ``np.bitwise_count``, the ``k`` lowest set bits are cleared (``x &= x - 1``, ``k``
times, as a vector operation per ``k``), and the lowest remaining bit is the action
(``bitwise_count(x ^ (x - 1)) - 1``). Wider masks (and numpy before 2.0, which has no
``bitwise_count``) take the same draw through ``nonzero``: the same ``u``, the same action.
"""

from __future__ import annotations

from functools import lru_cache
from math import gcd
from typing import Any, Optional

import numpy as np

from .. import ArgumentError

__all__ = ["random_actions"]

_ONE = np.uint64(1)
#: numpy 2.0 brought ``bitwise_count``; before it, every mask takes the draw through ``nonzero``.
_COUNTS_BITS = hasattr(np, "bitwise_count")


class _Words:
    """Reads each row of an ``(n, a)`` mask as a 64-bit word (bit ``j`` is action ``j``) from the
    mask packed to bits, in three vector operations. Rows fall on whole bytes every ``group``
    rows; the ``r``-th row of a group starts ``first[r]`` bytes into it and ``shift[r]`` bits
    later (the rows near a group's end are read from the group's last 8 bytes, shifted further,
    so that no read passes the group's end)."""

    def __init__(self, n: int, a: int) -> None:
        group = 8 // gcd(a, 8)
        while a * group < 64:  # a group of at least 8 bytes holds every 8-byte read of its rows
            group *= 2
        self.group = group
        self.group_bytes = a * group // 8
        start = a * np.arange(group)
        self.first = np.minimum(start >> 3, self.group_bytes - 8)
        shift = start - 8 * self.first
        #: Whether every row fits one word (its bit offset and width within 64 bits).
        self.fits = a <= 63 and bool((shift + a <= 64).all())
        self.shift = shift.astype(np.uint64)
        self.low = np.uint64((1 << min(a, 63)) - 1)
        self.groups = -(-n // group)
        # Rows up to a whole group: the packed mask is copied into a buffer of whole groups.
        self.padded = self.groups * self.group_bytes if n % group else 0

    def read(self, mask: np.ndarray) -> np.ndarray:
        """Each row's bits as one uint64, ``groups * group`` of them (rows past ``n`` zero)."""
        packed = np.packbits(mask.reshape(-1), bitorder="little")
        if self.padded:
            buffer = np.zeros(self.padded, np.uint8)
            buffer[: len(packed)] = packed
            packed = buffer
        # Element [g, b]: the 8 bytes from byte b of group g, little-endian.
        window = np.ndarray(
            (self.groups, self.group_bytes - 7), "<u8", packed, 0, (self.group_bytes, 1)
        )
        words = window[:, self.first]
        words >>= self.shift
        words &= self.low
        return words.reshape(-1)


@lru_cache(maxsize=64)
def _words(n: int, a: int) -> _Words:
    return _Words(n, a)


def _kth_by_bits(words: np.ndarray, u: np.ndarray) -> np.ndarray:
    """The ``floor(u * c)``-th set bit of each of ``words`` (``c`` its set bits), -1 where none
    is set."""
    count = np.bitwise_count(words)
    k = (u * count).astype(np.uint64)
    for _ in range(1, int(count.max(initial=0))):
        # Clears the lowest set bit where k is not yet 0, and counts k down there (uint64
        # throughout: a bool mask would make numpy cast at each step).
        left = np.minimum(k, _ONE)
        words &= words - left
        k -= left
    # x ^ (x - 1) sets the lowest set bit and those below it: its count is the bit's index + 1;
    # for no bit set it counts 64, which & 63 makes 0 (an index is at most 62: a <= 63).
    lowest = np.bitwise_count(words ^ (words - _ONE))
    lowest &= np.uint8(63)
    return np.subtract(lowest, 1, dtype=np.int64)


def _kth_by_nonzero(mask: np.ndarray, u: np.ndarray) -> np.ndarray:
    """The same draw through ``nonzero``: the legal entries of all rows in one pass (ascending, so
    each row's are together), each row's count and first entry, then its ``floor(u * c)``-th."""
    n, a = mask.shape
    flat = np.flatnonzero(mask)
    count = np.bincount(flat // a, minlength=n)
    first = np.cumsum(count) - count
    pick = first + (u * count).astype(np.intp)
    out = np.full(n, -1, np.int64)
    has = count > 0
    out[has] = flat[pick[has]] - a * np.flatnonzero(has)
    return out


def random_actions(mask: Any, rng: Optional[np.random.Generator] = None) -> np.ndarray:
    """A uniformly random legal action per row of ``mask`` (``(N, A)``, bool or 0/1 integers, as
    ``Batch.mask`` or Gymnasium's ``info["action_mask"]``): an int64 array of ``N`` action ids,
    each row's uniform over its legal actions and independent of the others, -1 for a row with no
    legal action (a game that is over, which ``VecEnv.step`` takes as -1). ``rng``: a numpy
    ``Generator`` (``None``: a new one from fresh entropy); the draw takes ``rng.random(N)``, so
    a seeded generator repeats it.

    >>> import numpy as np
    >>> from boardpath.envs import VecEnv, random_actions
    >>> env = VecEnv("maedn", players=2, num_envs=4, seed=1)
    >>> out = env.reset()
    >>> actions = random_actions(out.mask, np.random.default_rng(1))
    >>> bool(out.mask[np.arange(4), actions].all())
    True
    >>> int(random_actions(np.array([[False, True, True], [False, False, False]]))[1])
    -1
    """
    mask = np.asarray(mask)
    if mask.ndim != 2 or mask.dtype.kind not in "biu":
        raise ArgumentError(
            f"mask must be a 2-D array of bools or 0/1 integers, a row per game; got dtype "
            f"{mask.dtype} and shape {mask.shape}"
        )
    if rng is None:
        rng = np.random.default_rng()
    n, a = mask.shape
    u = rng.random(n)
    if a == 0:
        return np.full(n, -1, np.int64)
    words = _words(n, a) if n and _COUNTS_BITS else None
    if words is None or not words.fits:
        return _kth_by_nonzero(mask, u)
    return _kth_by_bits(words.read(mask)[:n], u)

