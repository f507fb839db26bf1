"""`play`: the same numbers as `boardpath play --format json` for a seed, the data frame, and bad
input raising GameError/ArgumentError with the command line's message."""

import subprocess

import pytest

import boardpath
from conftest import required, runs_beside

# Everything a seed fixes (seconds and threads are the run's, not the seed's).
TIMING = ("seconds", "threads")


def same(python, cli):
    p = {k: v for k, v in python.to_dict().items() if k not in TIMING}
    c = {k: v for k, v in cli.items() if k not in TIMING}
    assert p == c


def test_same_numbers_as_the_cli(cli):
    t = boardpath.play("maedn", policies=["front", "random"], games=3000, seed=5)
    same(t, cli("play", "maedn", "--policy", "front,random", "--games", "3000", "--seed", "5"))
    assert t.games == 3000 and [s.policy for s in t.seats] == ["front", "random"]
    assert sum(s.wins for s in t.seats) + t.unfinished == 3000
    # The front-runner beats the random mover: its whole interval lies above one half.
    assert t.seats[0].win_low > 0.5


def test_four_players_ludo_rules_and_pieces(cli):
    t = boardpath.play("ludo", players=4, pieces=2, rules="ludo", policies="aggressive,defensive,rear,random",
                       games=1000, seed=11, threads=1)
    same(t, cli("play", "ludo", "--players", "4", "--pieces", "2", "--rules", "ludo", "--policy",
                "aggressive,defensive,rear,random", "--games", "1000", "--seed", "11"))
    assert t.threads == 1 and t.pieces == 2 and len(t.seats) == 4


def test_a_seed_gives_the_same_numbers_on_any_number_of_threads():
    one = boardpath.play("maedn", games=1500, seed=3, threads=1).to_dict()
    two = boardpath.play("maedn", games=1500, seed=3, threads=2).to_dict()
    for d in (one, two):
        for k in TIMING:
            d.pop(k)
    assert one == two


def test_to_pandas_one_row_per_seat():
    pandas = required("pandas")
    t = boardpath.play("maedn", players=4, games=500, seed=2)
    df = t.to_pandas()
    assert isinstance(df, pandas.DataFrame)
    assert list(df["seat"]) == [0, 1, 2, 3]
    assert list(df.columns[:6]) == ["board", "rules", "players", "pieces", "games", "seed"]
    assert list(df["win_rate"]) == [s.win_rate for s in t.seats]


def cli_error(cli, *args):
    """The command line's message for ``play ARGS``: the engine's own, which a refusal while the
    command line is parsed wraps with the option and the value."""
    out = subprocess.run([cli.binary, "play", *args], capture_output=True, text=True)
    assert out.returncode != 0
    return out.stderr.strip().removeprefix("error: ")


def test_unknown_policy_raises_the_cli_message(cli):
    with pytest.raises(boardpath.GameError) as e:
        boardpath.play("maedn", policies=["random", "nope"], games=10)
    message = cli_error(cli, "maedn", "--policy", "random,nope", "--games", "10")
    assert message.startswith("invalid value 'random,nope' for '--policy <POLICY>': ")
    assert str(e.value) in message
    assert 'unknown policy "nope"' in str(e.value)


def test_too_many_players_raises_the_engines_message(cli):
    # The command line refuses 7 at once (its range is 2 to 6); Python asks the engine, which says
    # what this board can seat.
    with pytest.raises(boardpath.GameError) as e:
        boardpath.play("maedn", players=7, games=10)
    assert str(e.value) == "7 players: the engine plays at most 6 (valid: 2 to 4)"
    message = cli_error(cli, "maedn", "--players", "7", "--games", "10")
    assert "'--players <PLAYERS>': out of range; valid: 2 to 6" in message
    # A count within the command line's range but past the board's: the same message both ways.
    with pytest.raises(boardpath.GameError) as e:
        boardpath.play("maedn", players=5, games=10)
    assert str(e.value) == cli_error(cli, "maedn", "--players", "5", "--games", "10")
    assert str(e.value) == "5 players, but the board has only 4 (valid: 2 to 4)"


def test_unknown_rules_raise_the_cli_message(cli):
    with pytest.raises(boardpath.GameError) as e:
        boardpath.play("maedn", rules="bogus", games=10)
    message = cli_error(cli, "maedn", "--rules", "bogus", "--games", "10")
    assert message.startswith("invalid value 'bogus' for '--rules <RULES>': ")
    assert str(e.value) in message


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(games=0), "games 0: valid is 1 to 100000000"),
        (dict(games=100_000_001), "games 100000001: valid is 1 to 100000000"),
        (dict(threads=0), "threads 0: valid is 1 or more"),
        (
            dict(policies=["front", "rear", "random"]),
            "policies names 3 policies, the game has 2 players: give one policy for all seats, "
            "or one for each of the 2 seats",
        ),
    ],
)
def test_bad_arguments(kwargs, words):
    with pytest.raises(boardpath.ArgumentError, match=words):
        boardpath.play("maedn", **kwargs)


def test_releases_the_gil():
    # A tournament lets another Python thread run while it plays.
    assert runs_beside(lambda: boardpath.play("maedn", games=20_000, seed=1, threads=1))


def test_rules_in_the_command_line_s_syntax(cli):
    rules = "openspiel,bonus-roll=false,tries=3"
    t = boardpath.play("maedn", rules=rules, games=500, seed=2)
    same(t, cli("play", "maedn", "--rules", rules, "--games", "500", "--seed", "2"))
    assert t.rules == rules
    # Pasted back, the same games.
    assert boardpath.play("maedn", rules=t.rules, games=500, seed=2).seats == t.seats
    # The board's own [game] rules by default, overridden by ``rules``.
    assert boardpath.play("ludo", games=10).rules == "ludo"
    assert boardpath.play("maedn-official", games=10).rules == "schmidt"
    assert boardpath.play("ludo", rules="openspiel", games=10).rules == "openspiel"


@pytest.mark.parametrize(
    "rules, words",
    [
        ("", 'rules "": no preset'),
        ("openspiel,", "an empty switch"),
        ("openspiel,tries=3,tries=3", 'switch "tries" is given twice'),
        ("openspiel,tries=100000000000000000000", "valid is 1 to 10"),
        ("openspiel,nope=true", 'unknown switch "nope" (valid: enter-on, bonus-roll,'),
        ("openspiel,bonus-roll=maybe", "bonus-roll=maybe: valid is true or false"),
    ],
)
def test_bad_rules_raise_the_cli_message(cli, rules, words):
    with pytest.raises(boardpath.GameError) as e:
        boardpath.play("maedn", rules=rules, games=10)
    assert words in str(e.value)
    assert str(e.value) in cli_error(cli, "maedn", "--rules", rules, "--games", "10")
