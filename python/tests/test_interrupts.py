"""Ctrl-C, Python exceptions inside the moves, and the GIL while the engine runs."""

from __future__ import annotations

import os
import signal
import time

import pytest

from gamecheck import check


class SlowTake:
    """Take 1 or 2 stones, slowly: a check of it runs for minutes unless stopped."""

    def moves(self, n):
        time.sleep(0.002)
        return [n - k for k in (1, 2) if n >= k]


class Broken:
    """Its moves raise at 5."""

    def moves(self, n):
        if n == 5:
            return 1 // 0
        return [n - 1] if n else []


class InterruptedTake(SlowTake):
    """SlowTake whose user presses Ctrl-C during its 50th move list: the signal comes from
    the work, not from a timer that a busy machine may fire after the check has ended."""

    def __init__(self):
        self.calls = 0
        self.sent = None

    def moves(self, n):
        self.calls += 1
        if self.calls == 50:
            self.sent = time.monotonic()
            os.kill(os.getpid(), signal.SIGINT)
        return super().moves(n)


def test_ctrl_c_stops_the_engine_within_a_second_as_keyboard_interrupt():
    # A job started in the background by a non-interactive shell (nohup, CI runners)
    # inherits SIGINT ignored, and Python then installs no KeyboardInterrupt handler.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    game = InterruptedTake()
    try:
        with pytest.raises(KeyboardInterrupt):
            check.outcome(game, lambda n: n % 3 != 0)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert game.sent is not None, "the check ended before its 50th move list"
    stopped = time.monotonic() - game.sent
    # "At once" is counted in work, which a busy machine does not change: the check lists
    # about 1,500 positions' moves when it is not stopped. The clock only tells "at once"
    # from "never" (the unstopped check sleeps about 3 s).
    assert game.calls < 100, f"{game.calls} move lists after Ctrl-C at the 50th"
    assert stopped < 10.0, f"stopped {stopped:.2f} s after Ctrl-C"


def test_an_exception_in_moves_propagates_with_its_type_and_position():
    with pytest.raises(ZeroDivisionError) as caught:
        check.outcome(Broken(), lambda n: n % 2 == 1)
    notes = getattr(caught.value, "__notes__", None) or [getattr(caught.value, "__gamecheck_note__", "")]
    assert any("Broken.moves(5)" in note for note in notes), notes
    # The traceback reaches the line of the game that raised.
    assert any(entry.name == "moves" for entry in caught.traceback)


def test_a_bad_position_from_moves_is_named_with_the_position_it_came_from():
    class Negative:
        def moves(self, n):
            return [n - 2]

    with pytest.raises(TypeError, match=r"Negative\.moves\(0\) returned \[-2\]"):
        check.outcome(Negative(), lambda n: True)
