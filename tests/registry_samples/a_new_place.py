"""Skyward Spire, a place of power that is not in the game: on its holder's turn, the
holder flies up to 2 king steps for free. One module, registered on import; nothing
else in the project names it (tests/test_registry_new_place.py plays it)."""

from __future__ import annotations

from game import registry
from game.i18n import N_

KEY = "skyward_spire"
STEPS = 2


def _hooks() -> registry.TurnHooks:
    # built at first use: the engine imports game.tables, which is derived from the places
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
        for to in square(lookups.dragon_fp(m, name).at, STEPS):
            yield {"power": KEY, "to": list(to)}

    def check(m, name, answer):
        to = cell_of(answer, "to")
        at = lookups.dragon_fp(m, name).at
        return (move_reason(m, DragonName(name), at, to, STEPS)
                or landing_reason(m, DragonName(name), to, 2, m.dragon_ents[name]))

    def fast(m, name):
        at = lookups.dragon_fp(m, name).at
        return [{"power": KEY, "to": list(to)}
                for to in free_landings(m, at, STEPS, 2, m.dragon_ents[name])]

    def apply(m, name, answer):
        displace(m, name, name, tuple(answer["to"]), KEY)

    def model(pos, child, me, answer, ai):
        child.move_dragon(me, tuple(answer["to"]))
        return 0

    return registry.TurnHooks(targets, check, apply, fast, model)


PLACE = registry.register(registry.Place(
    key=KEY, title=N_("Skyward Spire"), face=15, timing="turn",
    words=N_("Fly your own dragon up to {steps} king steps, for free."),
    numbers={"steps": lambda: STEPS}, worth=0.5, hooks=_hooks,
    art="place/tower_of_faces"))  # borrowed art: a test place ships none
