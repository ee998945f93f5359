"""Stress of contest programs of a game written in Python."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import gamecheck
from gamecheck import Outcome, SolutionFailed

SOLUTIONS = Path(__file__).parent / "solutions"
needs_cxx = pytest.mark.skipif(shutil.which("g++") is None, reason="no C++ compiler")


class Take134:
    max_count = 1000

    def moves(self, n):
        return [n - k for k in (1, 3, 4) if n >= k]


def take134_wins(limit):
    win = [False] * (limit + 1)
    for n in range(limit + 1):
        win[n] = any(n >= k and not win[n - k] for k in (1, 3, 4))
    return win


@needs_cxx
def test_a_wrong_cpp_solution_is_refuted_at_its_least_input(tmp_path):
    with pytest.raises(SolutionFailed) as caught:
        gamecheck.stress(Take134(), SOLUTIONS / "take134_parity.cpp", cases=50, out_dir=str(tmp_path))
    e = caught.value
    win = take134_wins(10)
    least = next(n for n in range(10) if win[n] != (n % 2 == 1))
    assert e.positions == [least] == [4]
    assert e.expected == [Outcome.WIN]
    assert e.output.split() == ["Second"]
    assert e.verdict == "wrong-answer" and e.least


@needs_cxx
def test_a_right_cpp_solution_passes(tmp_path):
    passed = gamecheck.stress(Take134(), SOLUTIONS / "take134_right.cpp", cases=50, out_dir=str(tmp_path))
    assert passed.inputs == 50


def test_a_python_program_is_refuted_too(tmp_path):
    wrong = tmp_path / "sol.py"
    wrong.write_text(
        "import sys\nt, *ns = map(int, sys.stdin.read().split())\n"
        "print('\\n'.join('First' if n % 2 else 'Second' for n in ns))\n"
    )
    with pytest.raises(SolutionFailed) as caught:
        gamecheck.stress(Take134(), f"python3 {wrong}", cases=30, out_dir=str(tmp_path / "out"))
    assert caught.value.positions == [4]
