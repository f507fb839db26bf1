"""dice: exact expectations (49.2515 expected turns on the standard board), the distribution of
turns as a numpy array, and the policy."""

import math

import numpy
import pytest

import boardpath


@pytest.fixture(scope="module")
def standard():
    return boardpath.dice("maedn")


def test_expected_turns(standard):
    assert round(standard.expected_turns, 4) == 49.2515
    assert round(standard.expected_rolls, 4) == 63.9647
    assert standard.states == 149986
    assert standard.turns_percentiles == [[10, 41], [25, 44], [50, 49], [75, 53], [90, 58], [99, 69]]
    assert standard.rules["tries"] == 3 and standard.policy == "optimal"


def test_distribution_is_a_numpy_array(standard):
    d = standard.turns_distribution
    assert isinstance(d, numpy.ndarray) and d.dtype == numpy.float64
    assert len(d) == 172
    assert d.sum() == pytest.approx(1.0, abs=1e-11)
    # The mean of the distribution is the expectation, computed independently.
    n = numpy.arange(1, len(d) + 1)
    assert (n * d).sum() == pytest.approx(standard.expected_turns, rel=1e-9)
    assert not d.flags.writeable


def test_same_document_as_the_cli(cli, standard):
    assert [standard.to_dict()] == cli("dice", "maedn")
    front = boardpath.dice("ludo", policy="front", objective="distance")
    assert [front.to_dict()] == cli("dice", "ludo", "--policy", "front", "--objective", "distance")


def test_simulation_interval_contains_the_exact_value():
    d = boardpath.dice("maedn", simulate=2000, seed=7)
    sim = d.simulation
    assert sim["games"] == 2000 and sim["seed"] == 7
    assert sim["turns"]["low"] <= d.expected_turns <= sim["turns"]["high"]


def test_policy_table(standard):
    table = standard.policy_table()
    assert len(table) % 6 == 0  # every unfinished state, for each of the six rolls
    first = table[0]
    assert set(first) == {"waiting", "home", "steps", "roll", "move"}
    # From the start every piece waits: a 6 enters, anything else cannot move.
    start = [r for r in table if r["waiting"] == 4]
    assert {r["roll"]: r["move"] for r in start} == {1: "none", 2: "none", 3: "none", 4: "none", 5: "none", 6: "enter"}
    with pytest.raises(boardpath.ArgumentError, match="random policy has no table"):
        boardpath.dice("maedn", policy="random").policy_table()


def test_policy_table_to_pandas(standard):
    pandas = pytest.importorskip("pandas")
    df = standard.policy_table().to_pandas()
    assert list(df.columns) == ["waiting", "home", "steps", "roll", "move"]
    assert df.move.str.contains(">").any()


def test_bad_dice_arguments():
    with pytest.raises(boardpath.ArgumentError, match='unknown policy "best"'):
        boardpath.dice("maedn", policy="best")
    with pytest.raises(boardpath.ArgumentError, match='unknown objective "time"'):
        boardpath.dice("maedn", objective="time")
    with pytest.raises(boardpath.ArgumentError, match="one player at a time"):
        boardpath.dice("maedn", player="all")
    with pytest.raises(boardpath.DiceError, match="at least one game"):
        boardpath.dice("maedn", simulate=0)
    with pytest.raises(boardpath.DiceError):
        boardpath.dice("maedn", tries=0)
    with pytest.raises(OverflowError):
        boardpath.dice("maedn", tries=-1)


def test_one_out_start_is_faster(standard):
    assert boardpath.dice("maedn", start="one-out").expected_turns < standard.expected_turns
    assert math.isfinite(boardpath.dice("maedn", policy="rear").expected_turns)
