"""Forage, an action that is not in the game: for 1 action, the dragon takes 1 coin from
the thief's chest, while the chest holds a coin and no other dragon stands next to it
(foraging is done alone). One module, registered on import; nothing else in the project
names it (tests/test_registry_new_action.py plays it)."""

from __future__ import annotations

from game import registry
from game.i18n import N_

KEY = "forage"
TAKE = 1  # coins taken from the chest


def _coins() -> str:
    from game.content import plural  # noqa: PLC0415 (read when the words are shown)
    return plural(TAKE, "coin")


def _hooks() -> registry.ActionHooks:
    # built at first use: the engine imports game.tables, which is derived from the actions
    from game import lookups  # noqa: PLC0415 (see _hooks)
    from game.systems.base import NEAR_DRAGONS, ActionRule, around  # noqa: PLC0415 (see _hooks)
    from game.systems.combat import fresh_neighbours  # noqa: PLC0415 (see _hooks)
    from game.words import DragonName, Words  # noqa: PLC0415 (see _hooks)

    def targets(m, name):
        yield {"do": KEY}

    def check(m, name, answer):
        if lookups.chest(m).coins < TAKE:
            return Words("the thief's chest is empty")
        near = fresh_neighbours(m, name)
        if near:
            return Words("{dragon} cannot forage with {other} next to it",
                         dragon=DragonName(name), other=DragonName(near[0]))
        return None

    def fast(m, name):
        if lookups.chest(m).coins < TAKE or around(m, name)[NEAR_DRAGONS]:
            return []
        return [{"do": KEY}]

    def resolve(m, name, answer):
        lookups.pay(m, "chest", name, TAKE, KEY)

    def options(pos, me, k):  # the AI's search: the answers worth trying
        return [{"do": KEY}] if pos.chest_coins >= TAKE and not pos.dragons_near(me) else []

    def model(pos, child, me, answer, ai):  # the AI's position after it: one outcome
        child.add_coins(me, TAKE)
        child.add_coins("chest", -TAKE)

    return registry.ActionHooks(ActionRule(targets, check, resolve, fast=fast),
                                model=model, options=options)


ACTION = registry.register_action(registry.Action(
    key=KEY, title=N_("Forage"), cost=1, hotkey="F",
    words=N_("Take {coins} from the thief's chest, alone: no other dragon may stand next to "
             "you."), numbers={"coins": _coins},
    unavailable=N_("{d} has no chest coin to forage, or company"),
    hooks=_hooks, aim="chest",  # a lone answer, confirmed on the thief's chest
    art="action/steal_chest"))  # borrowed art: a test action ships none
