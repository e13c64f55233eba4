"""A yardstick for the AI's strength targets: tournament games in which the first entry
of --seats plays with a handicap in its favour, to say how big an edge a win rate is.

    python tools/handicap.py --extra-actions 1 -- --seats hard,hard,hard,hard --games 320 \
        --seed 686002 --jobs 1 --budget 4000 --quiet --records plus_action.jsonl
    python tools/handicap.py --bonus-coins 1 -- --seats hard,normal,normal,normal ...

Everything after `--` goes to tools/tournament.py unchanged (same seeds, same seat
rotation, same records). The dragon played by the first entry of --seats gets:

- `--extra-actions N`: N more actions in each of its turns (R17 gives every dragon 3);
- `--bonus-coins N`: N coins from the bank at the start of each Tribute phase (R31),
  before any roll, so they count toward the target (R33) like tribute.

These are not rules of the game and no game or save can use them: they patch the
running process only, for a measurement (issue 36: "Master against three Hard ≥ 40%"
is as big an edge as what?). The AI is unchanged; it reads its actions left from its
view and its coins from the board. Runs must use --jobs 1 (the patch is in this
process, not in the Dask engine's workers).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import lookups  # noqa: E402
from game.match import STEPS  # noqa: E402
from game.systems import turn_order  # noqa: E402
from tools import tournament  # noqa: E402


@contextlib.contextmanager
def patched(extra_actions: int, bonus_coins: int):
    """The turn start, the Tribute phase and the tournament's match set-up patched for
    the first entry's dragon while inside; put back afterwards."""
    # run_turns looks start_turn up when it runs; the phases are read from STEPS
    setup, start_turn, tribute_phase = (tournament.setup_match, turn_order.start_turn,
                                        STEPS["tribute_phase"])
    favoured: dict[int, str] = {}  # id(match) -> the first entry's dragon

    def setup_match(job: dict):
        m, board, entry_of = setup(job)
        favoured[id(m)] = next(d for d, e in entry_of.items() if e == 0)
        return m, board, entry_of

    def favoured_turn(m, name: str) -> None:
        start_turn(m, name)
        if extra_actions and favoured.get(id(m)) == name:
            m.actions_left += extra_actions

    def favoured_tribute(m, frame) -> None:
        tribute_phase(m, frame)
        name = favoured.get(id(m))
        if bonus_coins and name is not None:
            lookups.pay(m, "bank", name, bonus_coins, "handicap")

    tournament.setup_match = setup_match
    turn_order.start_turn = favoured_turn
    STEPS["tribute_phase"] = favoured_tribute
    try:
        yield
    finally:
        tournament.setup_match = setup
        turn_order.start_turn = start_turn
        STEPS["tribute_phase"] = tribute_phase


def main(argv=None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    rest = argv[argv.index("--") + 1:] if "--" in argv else []
    own = argv[:argv.index("--")] if "--" in argv else argv
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--extra-actions", type=int, default=0)
    p.add_argument("--bonus-coins", type=int, default=0)
    args = p.parse_args(own)
    if args.extra_actions < 0 or args.bonus_coins < 0 or not (
            args.extra_actions or args.bonus_coins):
        raise SystemExit("handicap: give --extra-actions N or --bonus-coins N (N > 0)")
    pairs = zip(rest, rest[1:], strict=False)
    many = any(a == "--jobs" and v != "1" for a, v in pairs) or any(
        a.startswith("--jobs=") and a != "--jobs=1" for a in rest)
    if many or any(a.startswith("--cluster") for a in rest):
        raise SystemExit("handicap: the patch lives in this process; run with --jobs 1")
    with patched(args.extra_actions, args.bonus_coins):
        tournament.main(rest)


if __name__ == "__main__":
    main()
