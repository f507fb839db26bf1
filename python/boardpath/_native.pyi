"""Type stubs of the compiled module ``boardpath._native`` (python/src/*.rs).

The public API is ``boardpath`` itself; this module returns the JSON documents' dicts that
``boardpath`` wraps in typed records.
"""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

VERSION: str
COMMIT: str
DEFAULT_BUDGET: int
DEFAULT_METHOD: str

class Error(Exception):
    """Base class of every error boardpath raises; ``str(e)`` is the command line's message."""

class BoardError(Error):
    """A board file could not be read or is invalid."""

    diagnostics: List[Tuple[str, Optional[int], Optional[int], str]]

class SolveError(Error): ...
class DiceError(Error): ...
class GameError(Error): ...
class ArgumentError(Error): ...
class InternalError(Error): ...

_Die = Union[str, Sequence[int]]
_BoardArg = Union["NativeBoard", str]

class NativeBoard:
    def info(self) -> Dict[str, Any]: ...
    def warnings(self) -> List[str]: ...
    def with_rules(
        self,
        metric: Optional[str] = None,
        rounding: Optional[str] = None,
        goal_mode: Optional[str] = None,
        moves_in_goal: Optional[bool] = None,
        die: Optional[_Die] = None,
    ) -> "NativeBoard": ...
    def same(self, other: "NativeBoard") -> bool: ...

class JsonObject:
    """A JSON object kept in Rust, converted field by field as it is read."""

    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def __len__(self) -> int: ...
    def keys(self) -> List[str]: ...
    def to_dict(self) -> Dict[str, Any]: ...

class NativeDice:
    def analysis(self) -> Dict[str, Any]: ...
    def distribution_bytes(self) -> bytes: ...
    def policy_table(self) -> Dict[str, List[Any]]: ...

def load_board(name_or_path: str) -> NativeBoard: ...
def board_from_toml(text: str, origin: str) -> NativeBoard: ...
def embedded_names() -> List[str]: ...
def embedded_toml(name: str) -> str: ...
def solve(
    board: _BoardArg,
    method: Optional[str] = None,
    player: Optional[str] = None,
    budget: int = ...,
) -> List[JsonObject]: ...
def methods() -> List[Dict[str, Any]]: ...
def compare(
    jobs: List[Tuple[str, NativeBoard, Optional[str]]],
    methods: Optional[List[str]] = None,
    repeat: int = 5,
    budget: int = ...,
) -> Dict[str, Any]: ...
def sweep(
    jobs: List[Tuple[str, NativeBoard, Optional[str]]],
    metric: List[str],
    rounding: List[str],
    goal_mode: List[str],
    moves_in_goal: List[bool],
    die: List[_Die],
    methods: Optional[List[str]] = None,
    repeat: int = 5,
    budget: int = ...,
    threads: Optional[int] = None,
) -> Dict[str, Any]: ...
def dice(
    board: _BoardArg,
    player: Optional[str] = None,
    objective: str = "turns",
    policy_name: str = "optimal",
    start: str = "waiting",
    no_goal_jump: bool = False,
    tries: int = 3,
    may_pass: bool = False,
    enter_faces: Optional[_Die] = None,
    simulate: Optional[int] = None,
    seed: int = 1,
) -> NativeDice: ...
def _panic_for_tests(message: str) -> None: ...
