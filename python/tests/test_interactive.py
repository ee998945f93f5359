"""An interactive game written in Python: the judge plays from the oracle against a program."""

from __future__ import annotations

import sys

import pytest

import gamecheck
from gamecheck import Field, Format, Interactive, SolutionFailed

PLAYER = '''
import sys
rd = sys.stdin.readline
for _ in range(int(rd())):
    n = int(rd())
    side = "First" if n % 3 else "Second"
    print(side, flush=True)
    if side == "Second":
        reply = rd().strip()
        if reply in ("won", "lost"):
            continue
        n = int(reply)
    while True:
        n -= {take}
        print(n, flush=True)
        reply = rd().strip()
        if reply in ("won", "lost"):
            break
        n = int(reply)
'''


class Take12:
    """Take one or two stones; the judge writes the whole position after each move."""

    max_count = 30
    interactive = (Interactive(Format.cases(1, 5).line(Field.number("n", 0, 30)))
                   .with_notation("position").ends("won", "lost").limits(100, 1.0))

    def moves(self, n):
        return [n - k for k in (1, 2) if n >= k]


def program(tmp_path, take):
    path = tmp_path / "player.py"
    path.write_text(PLAYER.replace("{take}", take))
    return f"{sys.executable} {path}"


def test_a_right_player_of_a_python_interactive_game_passes(tmp_path):
    passed = gamecheck.stress(Take12(), program(tmp_path, "n % 3"), cases=10, out_dir=str(tmp_path / "out"))
    assert passed.inputs == 10


def test_a_wrong_player_is_refuted_at_the_least_start_a_dp_gives(tmp_path):
    win = [False] * 31
    for n in range(31):
        win[n] = any(not win[n - k] for k in (1, 2) if n >= k)
    # The wrong player chooses its side right but always takes one stone: it throws a
    # win away where taking one leaves the judge a win.
    least = next(n for n in range(31) if win[n] and win[n - 1])
    with pytest.raises(SolutionFailed) as caught:
        gamecheck.stress(Take12(), program(tmp_path, "1"), cases=10, out_dir=str(tmp_path / "out"))
    assert caught.value.positions == [least] == [2]
    assert caught.value.least
    assert caught.value.transcript.startswith("game 1: start 2")
