"""Tower of Unquenched Flame (R37.4): on its holder's turn, any ruin becomes a town; its
claim stays."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place, TurnHooks

KEY = "tower_of_unquenched_flame"


def _hooks() -> TurnHooks:
    import esper

    from game import lookups
    from game.components import Settlement
    from game.decisions import cell_of, show_cell
    from game.words import Words

    def targets(m, name):
        for _ent, s, fp in lookups.settlements(m):
            if s.kind == "ruin":
                yield {"power": KEY, "at": list(fp.at)}

    def check(m, name, answer):
        cell = cell_of(answer, "at")
        ent = lookups.occupancy(m).get(cell)
        settlement = esper.try_component(ent, Settlement) if ent is not None else None
        if ent is None or settlement is None:
            return Words("there is no ruin at {cell}", cell=show_cell(cell))
        if settlement.kind != "ruin":
            return Words("{piece} is not a ruin", piece=lookups.describe(m, ent))
        return None

    def fast(m, name):
        return [{"power": KEY, "at": list(fp.at)}
                for _ent, s, fp in lookups.settlements(m) if s.kind == "ruin"]

    def apply(m, name, answer):
        ent = lookups.occupancy(m)[tuple(answer["at"])]
        esper.component_for_entity(ent, Settlement).kind = "town"
        m.emit("rebuilt", dragon=name, at=list(answer["at"]),
               claim=lookups.claim_owner(ent))

    def model(pos, child, me, answer, ai):
        tl = tuple(answer["at"])
        _k, size, owner = pos.pieces[tl]
        child.set_piece(tl, ("town", size, owner))
        return 0

    return TurnHooks(targets, check, apply, fast, model)


PLACE = Place(key=KEY, title=N_("Tower of Unquenched Flame"), face=4, timing="turn",
              words=N_("Turn a ruin back into a town."), worth=0.4, hooks=_hooks)
