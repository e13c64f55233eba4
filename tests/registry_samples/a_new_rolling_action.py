"""Poach, an action that is not in the game and rolls: for 1 action, the dragon rolls a
d20 on the Steal chart and takes that row's coins from the thief's chest (Turnabout: it
pays the chest a coin). One module, registered on import; nothing else in the project
names it (tests/test_registry_new_rolling_action.py plays it, saves it mid-roll and
restores it; the window's odds show its chart)."""

from __future__ import annotations

from game import registry
from game.i18n import N_

KEY = "poach"


def _hooks() -> registry.ActionHooks:
    # built at first use: the engine imports game.tables, which is derived from the actions
    from game import lookups  # noqa: PLC0415 (see _hooks)
    from game.systems.base import ActionRule  # noqa: PLC0415 (see _hooks)
    from game.systems.rolls import roll_spec  # noqa: PLC0415 (see _hooks)
    from game.systems.theft import stolen  # noqa: PLC0415 (see _hooks)
    from game.words import Words  # noqa: PLC0415 (see _hooks)

    def targets(m, name):
        yield {"do": KEY}

    def check(m, name, answer):
        return Words("the thief's chest is empty") if lookups.chest(m).coins < 1 else None

    def rolls(m, name, answer):  # its own roll purpose, on an existing chart
        return [roll_spec(KEY, name, "steal")]

    def resolve(m, name, answer, results):
        amount = stolen(results)
        if amount < 0:
            lookups.pay(m, name, "chest", -amount, "turnabout")
        elif amount:
            lookups.pay(m, "chest", name, amount, KEY)

    def outcome(m, name, answer, row):  # a chart row's result, for the odds
        if row[3] < 0:
            return Words("you pay the chest {n}", n=-row[3])
        return Words("+{n} from the chest", n=row[3])

    return registry.ActionHooks(ActionRule(targets, check, resolve, rolls=rolls),
                                outcome=outcome)


ACTION = registry.register_action(registry.Action(
    key=KEY, title=N_("Poach"), cost=1, words=N_("Roll on the Steal chart against the thief's "
                                                 "chest and take what the row says."),
    unavailable=N_("the thief's chest is empty"), charts=("steal",), aim="chest",
    hooks=_hooks, art="action/steal_chest", sound="theft"))  # borrowed art and sound
