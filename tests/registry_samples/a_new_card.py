"""Tailwind, a power card that is not in the game: on its holder's turn, the holder
flies up to 2 king steps for free. One module, registered on import; nothing else in
the project names it (tests/test_registry_new_card.py plays it)."""

from __future__ import annotations

from game import registry
from game.i18n import N_

KEY = "tailwind"
STEPS = 2


def _hooks() -> registry.CardHooks:
    # built at first use: the engine imports game.tables, which is derived from the cards
    from game import lookups  # noqa: PLC0415 (see _hooks)
    from game.decisions import cell_of  # noqa: PLC0415 (see _hooks)
    from game.systems.powers import (  # noqa: PLC0415 (see _hooks)
        displace,
        free_landings,
        landing_reason,
        move_reason,
        square,
    )
    from game.words import DragonName  # noqa: PLC0415 (see _hooks)

    def targets(m, name):
        return [{"to": list(to)} for to in square(lookups.dragon_fp(m, name).at, STEPS)]

    def check(m, name, answer):
        to = cell_of(answer, "to")
        at = lookups.dragon_fp(m, name).at
        return (move_reason(m, DragonName(name), at, to, STEPS)
                or landing_reason(m, DragonName(name), to, 2, m.dragon_ents[name]))

    def fast(m, name, card):
        at = lookups.dragon_fp(m, name).at
        return [{"play": card, "to": list(to)}
                for to in free_landings(m, at, STEPS, 2, m.dragon_ents[name])]

    def apply(m, name, answer, played):
        displace(m, name, name, tuple(answer["to"]), KEY)

    def model(pos, child, me, answer, ai):
        child.move_dragon(me, tuple(answer["to"]))
        return 0, 0

    return registry.CardHooks(targets, check, apply, fast, model)


CARD = registry.register_card(registry.Card(
    key=KEY, title=N_("Tailwind"), timing="turn",
    words=N_("Fly your own dragon up to {steps} king steps, for free."),
    numbers={"steps": lambda: STEPS}, hooks=_hooks,
    art="card/jumper"))  # borrowed art: a test card ships none
