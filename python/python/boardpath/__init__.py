"""boardpath: shortest physical paths on race board games, from Python.

The same numbers as the ``boardpath`` command line, as Python objects, at the library's speed:
boards as data, the least total movement to win (``solve``), every algorithm side by side
(``compare``, ``sweep``, with ``.to_pandas()``), exact expectations under real dice (``dice``), and
every board as an OpenSpiel game (``boardpath.openspiel``).

>>> import boardpath
>>> boardpath.solve("maedn").total
83047
>>> round(boardpath.dice("maedn").expected_turns, 4)
49.2515

The real game (2 to 6 players, captures, OpenSpiel's maedn rules and others) is ``Game`` and
``GameState``; ``import boardpath.openspiel`` registers every board as the pyspiel game
``boardpath``.

Errors are ``boardpath.Error`` subclasses whose message is the command line's, board errors with
``file:line:column``.
"""

from __future__ import annotations

import json as _json
import os as _os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union, overload

from . import _native
from ._native import (
    COMMIT,
    Game,
    GameState,
    GameSolution,
    DEFAULT_BUDGET,
    DEFAULT_METHOD,
    VERSION,
    ArgumentError,
    BoardError,
    DiceError,
    Error,
    GameError,
    InternalError,
    SolveError,
)
from ._records import Record, Table

try:  # Python 3.8+: typing.Literal
    from typing import Literal
except ImportError:  # pragma: no cover
    from typing_extensions import Literal  # type: ignore

__version__ = VERSION

__all__ = [
    "Board",
    "Game",
    "GameState",
    "Tile",
    "TrackTile",
    "GoalTile",
    "Player",
    "Rules",
    "Solution",
    "Piece",
    "Stop",
    "Method",
    "Comparison",
    "Row",
    "Dice",
    "PolicyTable",
    "boards",
    "solve",
    "methods",
    "compare",
    "sweep",
    "dice",
    "play",
    "solve_game",
    "review",
    "Review",
    "ReviewTurn",
    "ReviewPlayer",
    "GameSolution",
    "Strategies",
    "evaluate_strategies",
    "vectorised",
    "Tournament",
    "Seat",
    "Error",
    "BoardError",
    "SolveError",
    "DiceError",
    "GameError",
    "ArgumentError",
    "InternalError",
    "VERSION",
    "COMMIT",
    "DEFAULT_BUDGET",
    "DEFAULT_METHOD",
]

Die = Union[str, Sequence[int]]


# ---- boards ---------------------------------------------------------------------------------


class Rules(Record):
    """The rules in force: ``die`` (faces), ``metric``, ``rounding``, ``goal_mode``,
    ``moves_in_goal``."""

    __slots__ = ()
    die: List[int]
    metric: str
    rounding: str
    goal_mode: str
    moves_in_goal: bool


class Tile(Record):
    """A waiting tile: ``x``, ``y`` in board units, ``cell`` ``[col, row]`` on a grid board."""

    __slots__ = ()
    x: float
    y: float
    cell: Optional[List[int]]


class TrackTile(Tile):
    """A track tile: its ``index`` in move order, and its place."""

    __slots__ = ()
    index: int


class GoalTile(Tile):
    """A goal tile: its ``letter`` (``a`` is reached first), and its place."""

    __slots__ = ()
    letter: str


class Player(Record):
    """A player (colour): ``name``, ``color``, ``start`` (track index of its start tile),
    ``track_steps``, ``pieces``, ``goal_tiles``, ``base`` (waiting tiles) and ``goal``."""

    __slots__ = ()
    _nested = {"base": Tile, "goal": GoalTile}
    name: str
    color: Optional[str]
    start: int
    track_steps: int
    pieces: int
    goal_tiles: int
    base: List[Tile]
    goal: List[GoalTile]


class Board:
    """A validated board: its tiles, players and rules (``boardpath boards BOARD --format json``).

    >>> import boardpath
    >>> board = boardpath.Board.load("maedn")
    >>> board.name, board.track_length, [p.name for p in board.players]
    ('Mensch ärgere Dich nicht', 40, ['black', 'yellow', 'green', 'red'])
    >>> board.players[0].goal[0].letter
    'a'
    """

    __slots__ = ("_native", "_info")

    def __init__(self, native: "_native.NativeBoard") -> None:
        self._native = native
        self._info: Optional[Dict[str, Any]] = None

    @classmethod
    def load(cls, name_or_path: Union[str, "os.PathLike[str]"]) -> "Board":
        """An embedded board by short name (``maedn``, ``ludo``, ...; see ``Board.embedded()``) or
        a board file by path; an existing file wins over an embedded name, as on the command
        line. Raises ``BoardError`` with the file, line and column of each problem."""
        return cls(_native.load_board(_os.fspath(name_or_path)))

    @classmethod
    def from_toml(cls, text: str, name: str = "<string>") -> "Board":
        """A board from TOML text (``docs/board-format.md``); ``name`` stands for the file in
        messages: ``name:line:column: ...``.

        >>> import boardpath
        >>> boardpath.Board.from_toml("[board]\\nname = 1", name="mine.toml")
        Traceback (most recent call last):
        ...
        boardpath.BoardError: mine.toml:2:8: ...
        """
        return cls(_native.board_from_toml(text, name))

    @staticmethod
    def embedded() -> List[str]:
        """The short names of the boards built into boardpath, in listing order."""
        return _native.embedded_names()

    @staticmethod
    def embedded_toml(name: str) -> str:
        """The TOML text of an embedded board (a starting point for a board of your own)."""
        return _native.embedded_toml(name)

    def _data(self) -> Dict[str, Any]:
        if self._info is None:
            self._info = self._native.info()
        return self._info

    def to_dict(self) -> Dict[str, Any]:
        """The board as ``boardpath boards BOARD --format json`` prints it (a copy)."""
        import copy

        return copy.deepcopy(self._data())

    short_name = property(lambda self: self._data()["short_name"], doc="The embedded board's short name, or None for a file.")
    origin = property(lambda self: self._data()["origin"], doc="The path as given, or ``embedded:NAME``.")
    sha256 = property(lambda self: self._data()["sha256"], doc="SHA-256 of the board file's bytes.")
    name = property(lambda self: self._data()["name"], doc="The board's full name.")
    description = property(lambda self: self._data()["description"], doc="Free-text description, or None.")
    source = property(lambda self: self._data()["source"], doc="Citation or provenance of the geometry, or None.")
    unit = property(lambda self: self._data()["unit"], doc="The length unit's name.")
    scale = property(lambda self: self._data()["scale"], doc="``{'units': .., 'cm': ..}``, or None.")
    grid = property(lambda self: self._data()["grid"], doc="``{'origin': {x, y}, 'spacing': ..}`` when positions were grid cells, else None.")
    rules_text = property(lambda self: self._data()["rules_text"], doc="The rules in words, as ``solve`` prints them.")
    game_rules = property(
        lambda self: self._data().get("game_rules"),
        doc="The real game's rules the file names (``[game] rules``, e.g. ``'ludo'``), as written, or None.",
    )
    track_length = property(lambda self: self._data()["track_length"], doc="Number of track tiles.")

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return Rules(self._data()["rules"])

    @property
    def track(self) -> List[TrackTile]:
        """The track in move order."""
        return [TrackTile(t) for t in self._data()["track"]]

    @property
    def players(self) -> List[Player]:
        """The players in file order."""
        return [Player(p) for p in self._data()["players"]]

    @property
    def warnings(self) -> List[str]:
        """What is legal but most likely a mistake, each ``file:line:column: message``."""
        return self._native.warnings()

    def with_rules(
        self,
        *,
        metric: Optional[str] = None,
        rounding: Optional[str] = None,
        goal_mode: Optional[str] = None,
        moves_in_goal: Optional[bool] = None,
        die: Optional[Die] = None,
    ) -> "Board":
        """This board with rules replaced, as ``--metric`` and the other rule options do: ``metric``
        ``euclidean``/``manhattan``/``chebyshev``, ``rounding`` ``per-move``/``exact``,
        ``goal_mode`` ``slots``/``stack``, ``die`` as faces ``[1, 2, 3, 4]`` or text ``"1-4"``.

        >>> import boardpath
        >>> boardpath.Board.load("maedn").with_rules(metric="manhattan").rules.metric
        'manhattan'
        """
        return Board(
            self._native.with_rules(
                metric=metric,
                rounding=rounding,
                goal_mode=goal_mode,
                moves_in_goal=moves_in_goal,
                die=die,
            )
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._native.same(other._native)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Board({self.short_name or self.origin!r}: {self.name!r})"


def boards() -> List[str]:
    """The short names of the embedded boards (``Board.load`` takes them)."""
    return _native.embedded_names()


BoardLike = Union[Board, str, "os.PathLike[str]"]


def _board(board: BoardLike, rules: Dict[str, Any]) -> Any:
    """The native board (or name) to pass on, with any rule overrides applied."""
    if any(v is not None for v in rules.values()):
        b = board if isinstance(board, Board) else Board.load(board)
        return b.with_rules(**rules)._native
    if isinstance(board, Board):
        return board._native
    if isinstance(board, str):
        return board
    if isinstance(board, _os.PathLike):
        return _os.fspath(board)
    raise ArgumentError(
        f"board must be a Board, an embedded board's name or a path, not {type(board).__name__}"
    )


# ---- solve ----------------------------------------------------------------------------------


class Stop(Record):
    """A tile a piece stops on: relative ``step`` (0 = start tile), ``track`` index or None in the
    goal, ``goal`` letter or None on the track, ``x``, ``y``, ``cell``."""

    __slots__ = ()
    step: int
    track: Optional[int]
    goal: Optional[str]
    x: float
    y: float
    cell: Optional[List[int]]


class Piece(Record):
    """One piece's least-cost path: ``goal`` (letter), ``target`` (index), ``length``, ``steps``,
    ``rolls`` and ``costs`` of each move, ``stops``, ``nodes``, ``cut_short``, ``bitboard`` (the paper's bit-board value in hex
    when the bit-board encoding solved it, else None)."""

    __slots__ = ()
    _nested = {"stops": Stop}
    _optional = ("bitboard",)
    goal: str
    target: int
    length: Union[int, float]
    steps: List[int]
    rolls: List[int]
    costs: List[Union[int, float]]
    stops: List[Stop]
    nodes: int
    cut_short: int
    bitboard: Optional[str]


class Solution(Record):
    """The answer for one player, field for field as ``boardpath solve --format json``:
    ``total`` (an int under per-move rounding, a float under exact), ``total_cm``, ``enter``,
    ``pieces`` (in the order they are moved), ``method``, ``encoding``, ``algorithm``, ``nodes``,
    ``cut_short``, ``rules``, ``warnings``, ``board``, ``player``, ``unit``."""

    __slots__ = ()
    _nested = {"pieces": Piece, "rules": Rules}
    board: str
    player: str
    unit: str
    total: Union[int, float]
    total_cm: Optional[float]
    enter: Union[int, float]
    method: str
    encoding: str
    algorithm: str
    nodes: int
    cut_short: int
    rules: Rules
    warnings: List[str]
    pieces: List[Piece]


@overload
def solve(
    board: BoardLike = ...,
    method: Optional[str] = ...,
    player: Optional[str] = ...,
    *,
    budget: int = ...,
    metric: Optional[str] = ...,
    rounding: Optional[str] = ...,
    goal_mode: Optional[str] = ...,
    moves_in_goal: Optional[bool] = ...,
    die: Optional[Die] = ...,
) -> Solution: ...
@overload
def solve(
    board: BoardLike,
    method: Optional[str],
    player: Literal["all"],
    *,
    budget: int = ...,
    metric: Optional[str] = ...,
    rounding: Optional[str] = ...,
    goal_mode: Optional[str] = ...,
    moves_in_goal: Optional[bool] = ...,
    die: Optional[Die] = ...,
) -> List[Solution]: ...
def solve(
    board: BoardLike = "maedn",
    method: Optional[str] = None,
    player: Optional[str] = None,
    *,
    budget: int = DEFAULT_BUDGET,
    metric: Optional[str] = None,
    rounding: Optional[str] = None,
    goal_mode: Optional[str] = None,
    moves_in_goal: Optional[bool] = None,
    die: Optional[Die] = None,
) -> Union[Solution, List[Solution]]:
    """The least total movement to finish every piece of one player (``boardpath solve``).

    ``method`` is any name of ``methods()`` (default ``petgraph-dijkstra/graph``); ``player`` a
    player's name (default: the first), or ``"all"`` for a list with one solution per player;
    ``budget`` the nodes a method may expand before it gives up (``SolveError``). The rule
    keywords override the board's rules as on the command line. Releases the GIL.

    >>> import boardpath
    >>> s = boardpath.solve("maedn", method="dp/step")
    >>> s.total, s.enter, [p.length for p in s.pieces]
    (83047, 12143, [19462, 17315, 16812, 17315])
    """
    rules = dict(metric=metric, rounding=rounding, goal_mode=goal_mode, moves_in_goal=moves_in_goal, die=die)
    found = _native.solve(_board(board, rules), method, player, budget)
    solutions = [Solution(s) for s in found]
    return solutions if player == "all" else solutions[0]


class Method(Record):
    """A catalogue entry: ``name``, ``algorithm``, ``encoding``, ``minimises``, ``exact``,
    ``options``, ``compare_by_default``, ``summary``."""

    __slots__ = ()
    name: str
    algorithm: str
    encoding: str
    minimises: str
    exact: bool
    options: str
    compare_by_default: str
    summary: str


def methods() -> List[Method]:
    """Every algorithm x encoding pair (``boardpath methods``).

    >>> import boardpath
    >>> "dp/step" in [m.name for m in boardpath.methods()]
    True
    """
    return [Method(m) for m in _native.methods()]


# ---- compare and sweep ----------------------------------------------------------------------


class Row(Record):
    """One method on one board and player (``compare --format json``'s rows): ``board``,
    ``board_sha256``, ``player``, ``unit``, ``rules``, ``method``, ``exact``, ``status``,
    ``length``, ``excess``, ``optimal``, ``rolls``, ``fewest_rolls``, ``nodes``, ``time``
    (``median_ns``, ``samples``, ``runs``), ``note``."""

    __slots__ = ()
    _nested = {"rules": Rules}
    board: str
    board_sha256: str
    player: str
    unit: str
    rules: Rules
    method: str
    exact: bool
    status: str
    length: Optional[Union[int, float]]
    excess: Optional[Union[int, float]]
    optimal: Optional[bool]
    rolls: Optional[int]
    fewest_rolls: Optional[int]
    nodes: Optional[int]
    time: Optional[Dict[str, Any]]
    note: str


class Comparison(Table):
    """The rows of a comparison or sweep, and ``mismatches``: each exact method that disagreed
    with the optimum, in words (empty when all agree). ``to_pandas()`` gives a data frame."""

    __slots__ = ("mismatches",)

    def __init__(self, report: Dict[str, Any]) -> None:
        super().__init__(report["rows"], Row)
        self.mismatches: List[str] = report["mismatches"]

    def __getitem__(self, i: Any) -> Any:  # typed as Row in the stub
        return super().__getitem__(i)

    def to_dict(self) -> Dict[str, Any]:
        """``{"rows": [...], "mismatches": [...]}`` as ``--format json`` prints it."""
        return {"rows": self.to_dicts(), "mismatches": list(self.mismatches)}


def _jobs(boards: Optional[Iterable[BoardLike]], player: Optional[str], rules: Dict[str, Any]) -> List[Any]:
    """(label, native board, player) per board; the label is the name given, or a Board's
    short name or origin."""
    if boards is None:
        boards = _native.embedded_names()
    elif isinstance(boards, (str, Board, _os.PathLike)):
        boards = [boards]
    jobs = []
    for b in boards:
        board = b if isinstance(b, Board) else Board.load(b)
        label = _os.fspath(b) if not isinstance(b, Board) else (board.short_name or board.origin)
        if any(v is not None for v in rules.values()):
            board = board.with_rules(**rules)
        jobs.append((label, board._native, player))
    return jobs


def compare(
    boards: Union[BoardLike, Iterable[BoardLike], None] = None,
    *,
    player: Optional[str] = None,
    methods: Optional[Sequence[str]] = None,
    repeat: int = 5,
    budget: int = DEFAULT_BUDGET,
    metric: Optional[str] = None,
    rounding: Optional[str] = None,
    goal_mode: Optional[str] = None,
    moves_in_goal: Optional[bool] = None,
    die: Optional[Die] = None,
) -> Comparison:
    """Every method on the same boards (``boardpath compare``): the answer, whether it is optimal,
    nodes expanded and time. ``boards`` defaults to every embedded board; ``methods`` to every
    method the catalogue runs by default (``["all"]``: every one); ``repeat`` timing samples.
    Releases the GIL while the methods run.

    >>> import boardpath
    >>> table = boardpath.compare("maedn", methods=["dp/step", "bfs/step"], repeat=1)
    >>> [(r.method, r.length, r.optimal) for r in table]
    [('dp/step', 83047, True), ('bfs/step', ..., True)]
    """
    rules = dict(metric=metric, rounding=rounding, goal_mode=goal_mode, moves_in_goal=moves_in_goal, die=die)
    report = _native.compare(
        _jobs(boards, player, rules),
        None if methods is None else list(methods),
        repeat,
        budget,
    )
    return Comparison(report)


def sweep(
    boards: Union[BoardLike, Iterable[BoardLike]],
    *,
    metric: Sequence[str] = (),
    rounding: Sequence[str] = (),
    goal_mode: Sequence[str] = (),
    moves_in_goal: Sequence[bool] = (),
    die: Sequence[Die] = (),
    player: Optional[str] = None,
    methods: Optional[Sequence[str]] = None,
    repeat: int = 5,
    budget: int = DEFAULT_BUDGET,
    threads: Optional[int] = None,
) -> Comparison:
    """Methods over boards x rule variants (``boardpath sweep``): one row per board, rule
    combination, player and method, the metric varying slowest and the die fastest. An empty
    axis keeps each board's own value; a combination that cannot be played is a row with status
    ``invalid``. ``threads`` combinations run at once (default: one per core). Releases the GIL.

    >>> import boardpath
    >>> rows = boardpath.sweep("maedn", metric=["euclidean", "manhattan"], methods=["dp/step"], repeat=1)
    >>> [(r.rules.metric, r.length) for r in rows]
    [('euclidean', 83047), ('manhattan', 103700)]
    """
    report = _native.sweep(
        _jobs(boards, player, {}),
        list(metric),
        list(rounding),
        list(goal_mode),
        [bool(b) for b in moves_in_goal],
        list(die),
        None if methods is None else list(methods),
        repeat,
        budget,
        threads,
    )
    return Comparison(report)


# ---- dice -----------------------------------------------------------------------------------


class PolicyTable(Table):
    """The policy, one row per unfinished state and roll: ``waiting``, ``home``, ``steps`` (the
    other occupied steps), ``roll`` and ``move`` (``enter``, ``FROM>TO``, ``pass`` or ``none``),
    as ``dice --policy-out`` writes it."""

    __slots__ = ("columns",)

    def __init__(self, columns: Dict[str, List[Any]]) -> None:
        names = list(columns)
        rows = [dict(zip(names, values)) for values in zip(*columns.values())]
        super().__init__(rows, dict)
        self.columns = columns

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (``steps`` as tuples). Needs pandas."""
        try:
            import pandas
        except ImportError as e:  # pragma: no cover
            raise ImportError("to_pandas() needs pandas: pip install pandas") from e
        data = dict(self.columns)
        data["steps"] = [tuple(s) for s in data["steps"]]
        return pandas.DataFrame(data)


class Dice(Record):
    """One player under real dice, field for field as ``boardpath dice --format json``:
    ``expected_turns``, ``expected_rolls``, ``expected_distance``, ``expected_distance_cm``,
    ``turns_distribution`` (a numpy array: ``[n - 1]`` is P(T = n)), ``turns_percentiles``,
    ``states``, ``objective``, ``policy``, ``rules``, ``simulation``, ``board``, ``player``,
    ``unit``; ``policy_table()`` lists the move the policy makes in every state and roll."""

    __slots__ = ("_native_dice", "_dist")
    board: str
    player: str
    unit: str
    states: int
    objective: str
    policy: str
    rules: Dict[str, Any]
    expected_turns: float
    expected_rolls: float
    expected_distance: float
    expected_distance_cm: Optional[float]
    turns_percentiles: List[List[int]]
    simulation: Optional[Dict[str, Any]]

    def __init__(self, native: "_native.NativeDice") -> None:
        super().__init__(native.analysis())
        object.__setattr__(self, "_native_dice", native)
        object.__setattr__(self, "_dist", None)

    @property
    def turns_distribution(self) -> Any:
        """P(T = n) for n = 1, 2, ... as a read-only numpy array of float64 (until less than
        1e-12 of the mass remains)."""
        if self._dist is None:
            import numpy

            a = numpy.frombuffer(self._native_dice.distribution_bytes(), dtype="<f8")
            object.__setattr__(self, "_dist", a)
        return self._dist

    def policy_table(self) -> PolicyTable:
        """The move the policy makes in every unfinished state for every roll (not for the random
        policy, which draws among the legal moves)."""
        return PolicyTable(self._native_dice.policy_table())


def dice(
    board: BoardLike = "maedn",
    *,
    player: Optional[str] = None,
    objective: str = "turns",
    policy: str = "optimal",
    start: str = "waiting",
    no_goal_jump: bool = False,
    tries: int = 3,
    may_pass: bool = False,
    enter_faces: Optional[Die] = None,
    simulate: Optional[int] = None,
    seed: int = 1,
    metric: Optional[str] = None,
    rounding: Optional[str] = None,
    goal_mode: Optional[str] = None,
    moves_in_goal: Optional[bool] = None,
    die: Optional[Die] = None,
) -> Dice:
    """Exact expected turns, rolls and distance under real dice (``boardpath dice``), every
    option as on the command line: ``objective`` ``turns``/``rolls``/``distance``, ``policy``
    ``optimal``/``front``/``rear``/``random``, ``start`` ``waiting``/``one-out``, ``simulate`` N
    games with ``seed`` for 95% confidence intervals. Releases the GIL.

    >>> import boardpath
    >>> d = boardpath.dice("maedn")
    >>> round(d.expected_turns, 4), round(float(d.turns_distribution.sum()), 9)
    (49.2515, 1.0)
    """
    rules = dict(metric=metric, rounding=rounding, goal_mode=goal_mode, moves_in_goal=moves_in_goal, die=die)
    native = _native.dice(
        _board(board, rules),
        player,
        objective,
        policy,
        start,
        no_goal_jump,
        tries,
        may_pass,
        enter_faces,
        simulate,
        seed,
    )
    return Dice(native)


# ---- play -----------------------------------------------------------------------------------


class Seat(Record):
    """One seat of a tournament, field for field as ``boardpath play --format json``: ``seat``,
    ``player``, ``policy``, ``wins``, ``win_rate`` with its Wilson 95% interval ``win_low`` ..
    ``win_high``, per-game means ``turns``, ``rolls``, ``moves``, ``captures_made``,
    ``captures_suffered``, ``moved``, ``carried``, ``distance`` (``moved + carried``, board units)
    with its 95% interval ``distance_low`` .. ``distance_high``."""

    __slots__ = ()
    seat: int
    player: str
    policy: str
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    turns: float
    rolls: float
    moves: float
    captures_made: float
    captures_suffered: float
    moved: float
    carried: float
    distance: float
    distance_low: float
    distance_high: float


class Tournament(Record):
    """The results of ``play``, field for field as ``boardpath play --format json``: ``board``,
    ``unit``, ``rules``, ``players``, ``pieces``, ``games``, ``seed``, ``unfinished``,
    ``rolls_per_game``, ``distance_per_game``, ``carried_share``, ``seats`` (one ``Seat`` each, in
    order of play), ``seconds`` and ``threads`` (the only fields a seed does not fix).
    ``to_pandas()`` gives one row per seat, with the columns of ``boardpath play --format csv``."""

    __slots__ = ()
    _nested = {"seats": Seat}
    board: str
    unit: str
    rules: str
    players: int
    pieces: int
    games: int
    seed: int
    unfinished: int
    rolls_per_game: float
    distance_per_game: float
    carried_share: float
    seats: List[Seat]
    seconds: float
    threads: int

    def rows(self) -> List[Dict[str, Any]]:
        """One flat dict per seat: the tournament's ``board``, ``rules``, ``players``, ``pieces``,
        ``games``, ``seed``, then the seat's fields (the CSV's columns)."""
        d = self.to_dict()
        head = {k: d[k] for k in ("board", "rules", "players", "pieces", "games", "seed")}
        return [{**head, **seat} for seat in d["seats"]]

    def to_pandas(self) -> Any:
        """``rows()`` as a pandas DataFrame. Needs pandas (``pip install pandas``)."""
        try:
            import pandas
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError(
                "to_pandas() needs pandas, which boardpath does not install: pip install pandas"
            ) from e
        return pandas.DataFrame(self.rows())


def play(
    board: BoardLike = "maedn",
    players: int = 2,
    pieces: Optional[int] = None,
    rules: Optional[str] = None,
    policies: Union[str, Sequence[str]] = "random",
    games: int = 10_000,
    seed: int = 1,
    threads: Optional[int] = None,
    adjacent: bool = False,
) -> Tournament:
    """A tournament of policies on the real game, as ``boardpath play --format json``.

    ``policies``: one name for all seats, or one name per seat in seat order (``random``,
    ``front``, ``rear``, ``aggressive``, ``defensive``, ``solitaire``, ``file:PATH``), a list or a
    comma-separated string as on the command line. ``games`` (1 to 100,000,000) seeded games run in parallel on
    ``threads`` threads (default: every core) without the GIL; a seed gives the same numbers on
    any number of threads. ``rules`` as ``--rules``: ``PRESET[,SWITCH=VALUE...]``, e.g.
    ``"openspiel,bonus-roll=false,tries=3"`` (default: the board's ``[game] rules``, else
    ``openspiel``). Unknown policies, rules or switches, or more players than the board has, raise
    ``GameError`` with the command line's message.

    >>> import boardpath
    >>> t = boardpath.play("maedn", players=2, policies=["front", "random"], games=1000, seed=7)
    >>> t.games, t.seats[0].policy, t.seats[0].wins + t.seats[1].wins + t.unfinished
    (1000, 'front', 1000)
    """
    names = [p.strip() for p in policies.split(",")] if isinstance(policies, str) else list(policies)
    return Tournament(
        _native.play(_board(board, {}), players, pieces, rules, names, games, seed, threads, adjacent)
    )


# ---- the exact two-player game --------------------------------------------------------------


def solve_game(
    board: BoardLike = "maedn",
    pieces: int = 1,
    threads: Optional[int] = None,
    rules: Optional[str] = None,
) -> GameSolution:
    """The two-player game solved exactly, as ``boardpath solve-game`` (``docs/game-solve.md``):
    any board two can play, ``pieces`` 1 to 3 a side, ``rules`` in the syntax of ``--rules``
    (``"openspiel,bonus-roll=false"``; None: the board's ``[game]`` rules, else openspiel). The
    solve runs without the GIL. ``first_player_wins`` is the first player's win probability under
    optimal play by both; ``value(mover, opponent)`` that of the player about to roll in any
    position, each side's pieces given by relative step (None waiting; on the standard board
    0-39 track, 40-43 goal), the mover being seat ``seat`` (0 or 1) where the seats differ.

    >>> import boardpath
    >>> s = boardpath.solve_game("maedn", pieces=1)
    >>> round(s.first_player_wins, 9), s.positions
    (0.523984914, 1641)
    >>> s.value([None], [None]) == s.first_player_wins
    True
    >>> round(boardpath.solve_game("maedn", pieces=1, rules="openspiel,bonus-roll=false").first_player_wins, 9)
    0.526895184
    """
    return _native.solve_game(_board(board, {}), pieces, threads, rules)


def _strategy_names(names: Union[str, Sequence[str], None]) -> Optional[List[str]]:
    """Strategy names as the command line's comma-separated list or as a sequence."""
    if names is None:
        return None
    return [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)


def evaluate_strategies(
    board: BoardLike = "maedn",
    pieces: int = 2,
    rules: Optional[str] = None,
    policy: Union[str, Sequence[str], None] = None,
    exploitability: Optional[str] = None,
    matrix: Union[str, Sequence[str], None] = None,
    memory: Optional[int] = None,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """The exact worth of named strategies, as ``boardpath solve-game --policy P0,P1
    --exploitability P --matrix LIST`` (the same job, ``docs/game-solve.md``): seat 0 playing
    ``policy[0]`` and seat 1 ``policy[1]`` (``"P0,P1"`` or a pair), ``exploitability``'s
    strategy against its best response from each seat, and every pair of ``matrix`` (a list,
    ``"A,B,..."`` or ``"named"``), within ``memory`` megabytes (None: what the machine has). A
    strategy is ``optimal``, ``best-response``, ``random``, ``front``, ``rear``, ``aggressive``,
    ``defensive``, ``solitaire`` or ``file:PATH``; for callables, use :class:`Strategies`.
    Returns the ``results`` of the command's JSON document: ``first_player_wins`` (the game's
    value), ``pairs`` and ``exploitability``. Runs without the GIL.

    >>> import boardpath
    >>> r = boardpath.evaluate_strategies("maedn", pieces=1, policy="optimal,random")
    >>> r["positions"], round(r["first_player_wins"], 9), round(r["pairs"][0]["first_player_wins"], 9)
    (3362, 0.523984914, 0.523984914)
    """
    return _native.evaluate_strategies(
        _board(board, {}),
        pieces,
        rules,
        _strategy_names(policy),
        exploitability,
        [matrix] if matrix == "named" else _strategy_names(matrix),
        memory,
        threads,
    )


class Strategies:
    """A two-player game ready for exact evaluations (``boardpath solve-game --policy``,
    ``--exploitability``): every position's moves computed once, then each evaluation one exact
    solve without the GIL. A strategy is a name (``optimal``, ``best-response``, ``random``,
    ``front``, ``rear``, ``aggressive``, ``defensive``, ``solitaire``, ``file:PATH``), a callable
    ``f(mover, other, roll, legal) -> action`` (each side's relative steps ascending, None
    waiting; ``legal`` the OpenSpiel action ids), called once per decision, or a vectorised
    callable (:func:`vectorised`), called on numpy batches: an agent trained in Python, graded
    exactly.

    >>> import boardpath
    >>> s = boardpath.Strategies("maedn", pieces=1)
    >>> round(s.value(), 9), s.positions
    (0.523984914, 3362)
    >>> round(s.pair("optimal", "random")["first_player_wins"], 9)
    0.523984914
    >>> s.exploitability("random")["exploitability"] < 1e-12  # one piece: no choice to make
    True
    """

    def __init__(
        self,
        board: BoardLike = "maedn",
        pieces: int = 2,
        rules: Optional[str] = None,
        threads: Optional[int] = None,
    ) -> None:
        self._native = _native.Strategies(_board(board, {}), pieces, rules, threads)

    @property
    def positions(self) -> int:
        """Positions, both movers' tables."""
        return self._native.positions

    @property
    def rules(self) -> str:
        """The rules, in the syntax of ``--rules``."""
        return self._native.rules

    def value(self) -> float:
        """The first player's win probability under optimal play by both."""
        return self._native.value()

    def pair(self, first: Any, second: Any) -> Dict[str, float]:
        """The worth of seat 0 playing ``first`` and seat 1 ``second``: ``first_player_wins``,
        ``second_player_wins``, ``residual``, ``seconds``."""
        return self._native.pair(first, second)

    def exploitability(self, strategy: Any) -> Dict[str, float]:
        """``strategy`` against a best response from each seat: ``as_first``, ``as_second``,
        ``value``, ``loss_as_first``, ``loss_as_second`` and ``exploitability`` (their mean)."""
        return self._native.exploitability(strategy)

    def fix(self, strategy: Any) -> Any:
        """``strategy``'s move in every decision of both seats, asked once: a ``FixedStrategy``
        that :meth:`pair` and :meth:`exploitability` of these evaluations take in its place, so
        that a callable is not asked again for each evaluation.

        >>> import boardpath
        >>> s = boardpath.Strategies("maedn", pieces=1)
        >>> front = s.fix(boardpath.vectorised(lambda steps, rolls, masks: masks.argmax(axis=1)))
        >>> round(s.pair(front, "optimal")["first_player_wins"], 9)
        0.523984914
        """
        return self._native.fix(strategy)

    def __repr__(self) -> str:
        return repr(self._native)


def vectorised(f: Any = None, *, observation: bool = False) -> Any:
    """Marks ``f`` as a vectorised strategy for :class:`Strategies`, asked on numpy batches of
    decisions (a decision: a position of the strategy's seat and a roll with more than one legal
    move); it returns one action id per row. ``@vectorised`` calls ``f(steps, rolls, masks)``:
    ``steps`` int32 ``(n, 2, pieces)``, each side's relative steps ascending, -1 waiting, the
    mover's side first; ``rolls`` int32 ``(n,)``; ``masks`` bool ``(n, actions)``, the legal
    OpenSpiel action ids. ``@vectorised(observation=True)`` calls ``f(obs, masks)`` with ``obs``
    float32 ``(n, observation size)``, the observation ``boardpath.envs`` gives the mover in the
    same position after the same roll (docs/python.md, "Observations"): an agent trained on the
    environments is graded on exactly what it sees there. Returns ``f`` itself.

    >>> import boardpath, numpy as np
    >>> s = boardpath.Strategies("maedn", pieces=1)
    >>> first_legal = boardpath.vectorised(lambda steps, rolls, masks: masks.argmax(axis=1))
    >>> round(s.pair(first_legal, "random")["first_player_wins"], 9)
    0.523984914
    >>> @boardpath.vectorised(observation=True)
    ... def seen(obs, masks):
    ...     return masks.argmax(axis=1)
    >>> round(s.pair(seen, "random")["first_player_wins"], 9)
    0.523984914
    """

    def mark(g: Any) -> Any:
        g.__boardpath_vectorised__ = "observation" if observation else "steps"
        return g

    return mark if f is None else mark(f)


def review(
    record: Union[str, Dict[str, Any]],
    table: Optional[str] = None,
    inaccuracy: float = 0.05,
    mistake: float = 0.10,
    blunder: float = 0.15,
) -> "Review":
    """The review of a game record against the exact solution, as ``boardpath review --format json``.

    ``record`` is a ``boardpath.game-record/1`` record: a dict or its JSON text
    (``docs/game-record.md``); ``table`` a value table from ``solve-game --out`` (games of more
    than 2 pieces a side). Every turn has ``seat``, ``roll``, ``action``, ``best_action``,
    ``position_value`` (the mover's win probability before the roll), ``best_value``, ``value``
    (after the best move and the move made), ``loss``, ``luck`` and ``judgement`` (``forced``,
    ``best``, ``good``, ``inaccuracy``, ``mistake``, ``blunder``, by the losses given here);
    ``players`` sums them per seat. An illegal move or a roll the die cannot show raises
    ``GameError`` naming the turn.

    >>> import boardpath
    >>> r = boardpath.review({"format": "boardpath.game-record/1", "pieces": 1,
    ...                       "turns": [{"roll": 6, "action": 1}, {"roll": 4, "action": 2}]})
    >>> round(r.start_value, 6), [t.judgement for t in r.turns]
    (0.523985, ['forced', 'forced'])
    """
    text = record if isinstance(record, str) else _json.dumps(record)
    return Review(_native.review(text, table, inaccuracy, mistake, blunder))


class ReviewTurn(Record):
    """One turn of a :func:`review`: the fields of ``boardpath review --format json``'s turns."""


class ReviewPlayer(Record):
    """One seat's summary in a :func:`review`."""


class Review(Record):
    """A game's :func:`review`: ``start_value``, ``thresholds``, ``turns``, ``players``,
    ``winner`` and ``end`` (the final position's id)."""

    _nested = {"turns": ReviewTurn, "players": ReviewPlayer}
    _optional = ("winner",)


# Nothing but the API at the top: the names this module needed while it was built go.
del Any, Dict, Iterable, List, Optional, Sequence, Union, overload, Literal, Record, Table, annotations
