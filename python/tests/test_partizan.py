"""Partizan values through the Python door, against the Rust CLI and the definition."""

from __future__ import annotations

import os
import shutil
import subprocess
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from gamecheck import BudgetExceeded, partizan
from gamecheck.partizan import parse


def cli_binary():
    """The gamecheck binary CI has just built (cargo test builds it), if any."""
    candidates = [os.environ.get("GAMECHECK_BIN")]
    target = Path(os.environ.get("CARGO_TARGET_DIR", Path(__file__).parents[2] / "target"))
    if candidates[0]:
        return candidates[0]
    # The newer of the two builds: a release binary left from an older checkout would
    # print an older notation.
    built = [p for p in (target / "release" / "gamecheck", target / "debug" / "gamecheck")
             if p.is_file() and os.access(p, os.X_OK)]
    if built:
        return str(max(built, key=lambda p: p.stat().st_mtime))
    return shutil.which("gamecheck")


BOARDS = [(r, c) for r in range(1, 4) for c in range(1, 5)]


@pytest.mark.skipif(cli_binary() is None, reason="no gamecheck binary built (cargo build)")
def test_domineering_values_equal_the_rust_cli():
    text = f"{len(BOARDS)}\n" + "".join(f"{r} {c}\n" + ("." * c + "\n") * r for r, c in BOARDS)
    out = subprocess.run([cli_binary(), "solve", "domineering", "--value"], input=text,
                         capture_output=True, text=True, check=True).stdout.split()
    from_python = [partizan.domineering((r, c)) for r, c in BOARDS]
    assert [parse(v) for v in out] == from_python
    assert out == [str(v) for v in from_python]


def test_domineering_small_boards_have_winning_ways_values():
    # Winning Ways, ch. 2: a vertical domino's column is Left's.
    assert partizan.domineering((2, 1)) == parse("1")
    assert partizan.domineering((1, 2)) == parse("-1")
    assert partizan.domineering((2, 2)) == parse("+-1")
    assert partizan.domineering((1, 1)) == parse("0")
    # An L of three cells: either player's domino leaves one cell, 0: {0|0}.
    assert partizan.domineering(["..", ".#"]) == parse("*")


def tree_of_value(v):
    return (tuple(tree_of_value(o) for o in v.left_options()),
            tuple(tree_of_value(o) for o in v.right_options()))


def ge(g, h):
    """G >= H by the definition: no Right option of G is <= H, no Left option of H is >= G."""
    return not any(ge(h, gr) for gr in g[1]) and not any(ge(hl, g) for hl in h[0])


def equal(g, h):
    return ge(g, h) and ge(h, g)


class Clobber:
    """Clobber on a row: `x` Left's stones, `o` Right's; a stone moves onto an adjacent
    stone of the other colour, capturing it."""

    def moves(self, row, me, them):
        out = []
        for i, c in enumerate(row):
            if c != me:
                continue
            for j in (i - 1, i + 1):
                if 0 <= j < len(row) and row[j] == them:
                    r = list(row)
                    r[i], r[j] = ".", me
                    out.append("".join(r))
        return out

    def left_moves(self, row):
        return self.moves(row, "x", "o")

    def right_moves(self, row):
        return self.moves(row, "o", "x")


@lru_cache(None)
def clobber_tree(row):
    c = Clobber()
    return (tuple(clobber_tree(r) for r in c.left_moves(row)),
            tuple(clobber_tree(r) for r in c.right_moves(row)))


ROWS = ["xo", "xxo", "xoo", "xox", "xoxo", "xxoo", "xoxox", "xxooo", "xoxoxo"]


def test_clobber_written_in_python_equals_its_game_tree_by_the_definition():
    for row in ROWS:
        v = partizan.value(Clobber(), row)
        assert equal(clobber_tree(row), tree_of_value(v)), (row, str(v))
    assert str(partizan.value(Clobber(), "xo")) == "*"


def test_clobber_outcome_classes_match_a_minimax_written_here():
    @lru_cache(None)
    def wins(row, left_to_move):
        c = Clobber()
        options = c.left_moves(row) if left_to_move else c.right_moves(row)
        return any(not wins(r, not left_to_move) for r in options)

    for row in ROWS:
        letter = {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}
        assert partizan.value(Clobber(), row).outcome == letter[(wins(row, True), wins(row, False))]


def test_cutcake_closed_form_equals_cutcake_written_in_python():
    class Cakes:
        """A sum of cakes: a position is a flat tuple w1, h1, w2, h2, ..."""

        def components(self, p):
            return [(p[i], p[i + 1]) for i in range(0, len(p), 2)]

        def cut(self, p, left):
            out = []
            for i in range(0, len(p), 2):
                w, h = p[i], p[i + 1]
                rest = p[:i] + p[i + 2:]
                n = w if left else h
                for a in range(1, n):
                    out.append(rest + ((a, h, w - a, h) if left else (w, a, w, h - a)))
            return out

        def left_moves(self, p):
            return self.cut(p, True)

        def right_moves(self, p):
            return self.cut(p, False)

    for w in range(1, 6):
        for h in range(1, 6):
            assert partizan.cutcake((w, h)) == partizan.value(Cakes(), (w, h)), (w, h)


def test_values_add_negate_compare_and_have_thermographs():
    assert parse("1/2") + parse("1/2") == parse("1")
    assert parse("^") + parse("^") + parse("*") == parse("^^*")
    assert -parse("{2|1/2}") == parse("{-1/2|-2}")
    assert parse("^") > parse("0") and parse("^") < parse("1/64")
    assert parse("*").confused(parse("0")) and not parse("*") <= parse("0")
    assert parse("+-1").outcome == "N" and parse("*").outcome == "N" and parse("0").outcome == "P"
    hot = parse("{2|1/2}")
    # {a|b} with a > b numbers: mean (a+b)/2, temperature (a-b)/2.
    assert (hot.mean, hot.temperature) == (Fraction(5, 4), Fraction(3, 4))
    walls = hot.thermograph()
    # Left's wall leans from 2 - t (at t = -1: 3) to the mast at (3/4, 5/4).
    assert walls["left"] == [(Fraction(-1), Fraction(3), -1), (Fraction(3, 4), Fraction(5, 4), 0)]
    assert walls["right"][-1] == (Fraction(3, 4), Fraction(5, 4), 0)
    assert str(parse("{1|0}")) == "{1|0}"
    with pytest.raises(ValueError):
        parse("{1|")


def test_a_search_out_of_time_raises_budget_exceeded_naming_the_budget():
    with pytest.raises(BudgetExceeded) as caught:
        partizan.domineering((8, 8), time_budget=0.05)
    assert "time" in caught.value.budget


def test_toads_and_frogs_and_hackenbush_have_their_published_values():
    # Winning Ways: T_F = {0|0} = * (each move leaves a 0); TF_ = {-1|} = 0 (the frog
    # is blocked; the toad's jump leaves _FT = {|0} = -1).
    assert partizan.toads_and_frogs("T_F") == parse("*")
    assert partizan.toads_and_frogs("TF_") == parse("0")
    # Blue-Red Hackenbush strings: BR = 1/2, BBR = 3/2, BRR = 1/4 (sign expansion).
    assert [partizan.hackenbush(s) for s in ("BR", "BBR", "BRR")] == [parse(x) for x in ("1/2", "3/2", "1/4")]
