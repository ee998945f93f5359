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
