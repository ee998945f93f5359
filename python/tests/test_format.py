"""The contest format as a Python builder: its layouts, and stress through it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import gamecheck
from gamecheck import Field, Format, Outcome, Output, SolutionFailed

SOLUTIONS = Path(__file__).parent / "solutions"
needs_cxx = pytest.mark.skipif(shutil.which("g++") is None, reason="no C++ compiler")


def test_layouts_are_written_as_a_statement_shows_them():
    # A grid: `r c`, then its rows; cells are indices in the alphabet.
    grid = Format.cases(1, 100).line(Field.grid("board", ".#", (1, 8), (1, 16)))
    assert grid.write([(2, 3, 0, 0, 1, 1, 0, 0)]) == "1\n2 3\n..#\n#..\n"
    # A common line holding k and T, then one n per case.
    common = Format.cases(1, 9).common(Field.number("k", 1, 10), Field.cases("t"))
    assert common.line(Field.number("n", 0, 99)).write([(3, 4), (3, 7)]) == "3 2\n4\n7\n"
    # One case: a length, then the list one number per line.
    column = Format.single().line(Field.len("n", 1, 5)).line(Field.column("a", 0, 9))
    assert column.write([(1, 2, 3)]) == "3\n1\n2\n3\n"
    # Cases on one line; a list with its length on the same line.
    inline = Format.cases(1, 9).line(Field.number("n", 0, 999)).cases_on_one_line()
    assert inline.write([3, 12, 113]) == "3\n3 12 113\n"
    heaps = Format.cases(1, 9).line(Field.len("m", 0, 5), Field.list("h", 0, 9))
    assert heaps.write([(4, 5), ()]) == "2\n2 4 5\n0\n"


class TakeUpToK:
    """Take 1 to k stones; the input states k once, before T."""

    arity = 2
    max_count = 60
    format = (Format.cases(1, 20)
              .common(Field.number("k", 1, 10))
              .line(Field.number("n", 0, 60))
              .answer(Output.winner("Alice", "Bob")))

    def moves(self, p):
        k, n = p
        return [(k, n - t) for t in range(1, min(k, n) + 1)]


def least_failure(says, kmax=10, nmax=60):
    """The failing (k, n) below every other failing one, by a DP of the rules."""
    failing = []
    for k in range(1, kmax + 1):
        win = [False] * (nmax + 1)
        for n in range(nmax + 1):
            win[n] = any(not win[n - t] for t in range(1, min(k, n) + 1))
            if says(k, n) != win[n]:
                failing.append((k, n))
    least = [f for f in failing if all(f[0] <= g[0] and f[1] <= g[1] for g in failing)]
    assert len(least) == 1
    return least[0]


@needs_cxx
def test_a_wrong_cpp_solution_of_a_stated_format_is_refuted_at_its_least_input(tmp_path):
    with pytest.raises(SolutionFailed) as caught:
        gamecheck.stress(TakeUpToK(), SOLUTIONS / "take_up_to_k_off_by_one.cpp", cases=30,
                         out_dir=str(tmp_path))
    e = caught.value
    least = least_failure(lambda k, n: n % k != 0)
    assert e.positions == [least] and e.least
    assert e.input == TakeUpToK.format.write([least])
    assert e.expected == [Outcome.WIN] and e.output.split() == ["Bob"]


@needs_cxx
def test_a_right_cpp_solution_of_a_stated_format_passes(tmp_path):
    passed = gamecheck.stress(TakeUpToK(), SOLUTIONS / "take_up_to_k_right.cpp", cases=30,
                              out_dir=str(tmp_path))
    assert passed.inputs == 30


def test_a_format_given_to_stress_replaces_the_games_and_a_bad_one_is_named(tmp_path):
    class Take1:
        def moves(self, n):
            return [n - 1] if n else []

    parity = tmp_path / "sol.py"
    parity.write_text("import sys\nprint(''.join('W' if int(x) % 2 else 'L' for x in sys.stdin.read().split()[1:]))\n")
    joined = (Format.cases(1, 5).line(Field.number("n", 0, 50))
              .answer(Output.winner("W", "L")).answers_on_one_line(""))
    passed = gamecheck.stress(Take1(), f"python3 {parity}", cases=5, format=joined,
                              out_dir=str(tmp_path / "out"))
    assert passed.inputs == 5
    two_lists = Format.cases(1, 5).line(Field.len("a", 0, 3), Field.list("x", 0, 5),
                                        Field.len("b", 0, 3), Field.list("y", 0, 5))
    with pytest.raises(ValueError, match="at most one list"):
        gamecheck.stress(Take1(), "true", cases=1, format=two_lists)
