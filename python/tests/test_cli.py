"""`python -m gamecheck`: the Rust command line over a game written in Python."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SOLUTIONS = Path(__file__).parent / "solutions"
GAME = '''
class Take134:
    max_count = 1000

    def moves(self, n):
        return [n - k for k in (1, 3, 4) if n >= k]
'''


def run(tmp_path, *args, stdin=""):
    (tmp_path / "take134.py").write_text(GAME)
    return subprocess.run([sys.executable, "-m", "gamecheck", *args], input=stdin, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)


def test_solve_answers_as_a_dp_says(tmp_path):
    win = [False] * 20
    for n in range(20):
        win[n] = any(n >= k and not win[n - k] for k in (1, 3, 4))
    ns = list(range(20))
    r = run(tmp_path, "solve", "take134.py", stdin=f"{len(ns)}\n" + "\n".join(map(str, ns)) + "\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["First" if win[n] else "Second" for n in ns]


@pytest.mark.skipif(shutil.which("g++") is None, reason="no C++ compiler")
def test_stress_json_refutes_a_wrong_solution_at_4_with_exit_1(tmp_path):
    r = run(tmp_path, "stress", "take134.py", "--solution", str(SOLUTIONS / "take134_parity.cpp"),
            "--cases", "30", "--json", "--out-dir", str(tmp_path / "out"))
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)
    assert report["verdict"] == "wrong-answer"
    assert report["input"].split() == ["1", "4"]
    assert report["expected"].split() == ["First"]


@pytest.mark.skipif(shutil.which("g++") is None, reason="no C++ compiler")
def test_stress_passes_a_right_solution_with_exit_0(tmp_path):
    r = run(tmp_path, "stress", "take134.py", "--solution", str(SOLUTIONS / "take134_right.cpp"),
            "--cases", "30", "--out-dir", str(tmp_path / "out"))
    assert r.returncode == 0, r.stderr


def test_a_refuted_claim_exits_1_and_a_bad_flag_exits_2(tmp_path):
    assert run(tmp_path, "claim", "take134.py", "n % 2 == 0").returncode == 1
    assert run(tmp_path, "claim", "take134.py", "n % 7 == 0 || n % 7 == 2").returncode == 0
    bad = run(tmp_path, "stress", "take134.py", "--no-such-flag")
    assert bad.returncode == 2 and "no-such-flag" in bad.stderr
    assert run(tmp_path, "check").returncode == 2


HACKENBUSH = '''
from gamecheck import Field, Format

class Hackenbush:
    """Blue-Red Hackenbush strings from the ground up: 0 a Left (blue) edge, 1 a Right (red) one."""
    arity = None
    format = Format.cases(1, 100).line(Field.len("n", 0, 8)).line(Field.list("edge", 0, 1))

    def cut(self, s, colour):
        return [s[:i] for i, c in enumerate(s) if c == colour]

    def left_moves(self, s):
        return self.cut(s, 0)

    def right_moves(self, s):
        return self.cut(s, 1)
'''


def berlekamp(s):
    """A Hackenbush string's value by Berlekamp's rule: integers up to the first change of
    colour, then halves, quarters, ... signed by each edge's colour."""
    from fractions import Fraction
    v, i = Fraction(0), 0
    while i < len(s) and s[i] == s[0]:
        v, i = v + (1 if s[0] == 0 else -1), i + 1
    step = Fraction(1, 2)
    for c in s[i:]:
        v, step = v + (step if c == 0 else -step), step / 2
    return v


def run_hackenbush(tmp_path, *args, stdin=""):
    (tmp_path / "hackenbush.py").write_text(HACKENBUSH)
    return subprocess.run([sys.executable, "-m", "gamecheck", *args], input=stdin, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)


def test_a_partizan_game_in_python_is_valued_by_solve_as_berlekamp_says(tmp_path):
    from itertools import product
    strings = [s for n in range(6) for s in product((0, 1), repeat=n)]
    cases = "".join(f"{len(s)}\n{' '.join(map(str, s))}\n" for s in strings)
    r = run_hackenbush(tmp_path, "solve", "hackenbush.py", "--value", stdin=f"{len(strings)}\n{cases}")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [str(berlekamp(s)) for s in strings]


def test_partizan_stress_refutes_a_wrong_program_at_its_least_input_with_exit_1(tmp_path):
    # Wrong: Left wins when blue edges are at least as many as red ones. The truth is the
    # sign of Berlekamp's value; the least failing string (by size, then counts) is found here.
    (tmp_path / "wrong.py").write_text(
        "import sys\nw = sys.stdin.read().split()\nt, i = int(w[0]), 1\nfor _ in range(t):\n"
        "    n = int(w[i]); s = w[i + 1:i + 1 + n]; i += 1 + n\n"
        "    print('P' if not s else 'L' if s.count('0') >= s.count('1') else 'R')\n")
    from itertools import product
    sign = {1: "L", -1: "R", 0: "P"}
    def wrong(s):
        return "P" if not s else "L" if s.count(0) >= s.count(1) else "R"
    failing = [s for n in range(6) for s in product((0, 1), repeat=n)
               if wrong(s) != sign[(berlekamp(s) > 0) - (berlekamp(s) < 0)]]
    least = min(failing, key=lambda s: (sum(s) + len(s), s))
    r = run_hackenbush(tmp_path, "stress", "hackenbush.py", "--outcome", "--solution",
                       f"{sys.executable} wrong.py", "--cases", "20", "--json", "--out-dir", "out")
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)
    assert report["input"].split() == ["1", str(len(least)), *map(str, least)]
    assert report["expected"].split() == [sign[(berlekamp(least) > 0) - (berlekamp(least) < 0)]]


def test_a_partizan_claim_is_refuted_at_the_least_string_berlekamp_gives(tmp_path):
    from itertools import product
    above_one = [s for n in range(6) for s in product((0, 1), repeat=n) if berlekamp(s) > 1]
    least = min(above_one, key=lambda s: (sum(s) + len(s), s))
    r = run_hackenbush(tmp_path, "claim", "hackenbush.py", "value <= 1", "--json")
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)
    assert report["counterexample"] == f"{len(least)}/{' '.join(map(str, least))}"
    assert report["truth"] == str(berlekamp(least))
    assert run_hackenbush(tmp_path, "claim", "hackenbush.py", "temperature(value) < 0",
                          "--cases", "200").returncode == 0
