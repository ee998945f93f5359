"""``python -m gamecheck COMMAND GAME.py [FLAGS]``: gamecheck's command line over a game
written in Python.

``GAME.py`` defines the game: a module-level ``game`` object, else the one class with a
``moves`` method, or ``left_moves`` and ``right_moves`` for a partizan game (built with no
arguments); its ``format`` attribute (a :class:`gamecheck.Format`) is its contest input. The game is served under the file's name, and
the rest is the Rust command line itself — ``check``, ``claim``, ``solve``, ``stress``,
``repro``, ``prove``, ``plot`` with their flags, JSON reports and exit codes (0 ok, 1 a
disagreement or a failing solution, 2 a usage or input error)::

    python -m gamecheck stress take134.py --solution sol.cpp
    python -m gamecheck check take134.py
    echo '2 4 7' | python -m gamecheck solve take134.py
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Any, List, Tuple

from . import _native

USAGE = "usage: python -m gamecheck COMMAND GAME.py [FLAGS]   (COMMAND: check, claim, solve, stress, repro, prove, plot; GAME.py --help for its flags)"


def load_game(path: str) -> Tuple[Any, str]:
    """Return the game ``path`` defines and the name it is served under."""
    file = Path(path)
    spec = importlib.util.spec_from_file_location(file.stem, file)
    if spec is None or spec.loader is None:
        raise SystemExit(f"error: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[file.stem] = module
    spec.loader.exec_module(module)
    if hasattr(module, "game"):
        return module.game, file.stem
    classes = [c for _, c in inspect.getmembers(module, inspect.isclass)
               if c.__module__ == module.__name__ and (callable(getattr(c, "moves", None))
                                                       or callable(getattr(c, "left_moves", None)))]
    if len(classes) != 1:
        names = ", ".join(c.__name__ for c in classes) or "none"
        raise SystemExit(f"error: {path} defines no `game` and not exactly one class with "
                         f"`moves` or `left_moves` ({names})")
    return classes[0](), file.stem


def main(argv: List[str]) -> int:
    """Run the command line on ``argv`` (without the program name); return the exit code."""
    if len(argv) < 2 or argv[0].startswith("-") or not argv[1].endswith(".py"):
        print(USAGE, file=sys.stderr if argv[:1] not in (["-h"], ["--help"]) else sys.stdout)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    command, path, rest = argv[0], argv[1], argv[2:]
    try:
        game, name = load_game(path)
    except FileNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    sys.stdout.flush()
    return _native.cli(game, name, ["python -m gamecheck", command, name, *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
