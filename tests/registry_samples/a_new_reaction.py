"""Bulwark, a power card, and Lookout Tower, a place of power, that are not in the game:
Bulwark cancels a Destroy declared against a settlement or place its holder claims
(a reaction: ReactionHooks); while held, Lookout Tower lets one Claim take a settlement
one cell further from its holder (a standing ability: AlwaysHooks). One module,
registered on import; nothing else in the project names them
(tests/test_registry_new_reaction.py runs the contract with them)."""

from __future__ import annotations

from game import registry
from game.i18n import N_

CARD_KEY = "bulwark"
PLACE_KEY = "lookout_tower"


def _card_hooks() -> registry.ReactionHooks:
    # built at first use: the engine imports game.tables, which is derived from the cards
    from game import lookups  # noqa: PLC0415 (see _card_hooks)
    from game.words import Words  # noqa: PLC0415 (see _card_hooks)

    def usable(m, name, window, act):
        ent = lookups.occupancy(m).get(tuple(act["answer"]["at"]))
        return ent is not None and lookups.claim_owner(ent) == name

    def words(m, name, window, act, play):
        return Words("{play} (cancel the destroy)", play=play)

    return registry.ReactionHooks(usable=usable, words=words, keep=0.2)


def _tower_hooks() -> registry.AlwaysHooks:
    import esper  # noqa: PLC0415 (see _card_hooks)

    from game import lookups  # noqa: PLC0415 (see _card_hooks)
    from game.components import Footprint, Settlement  # noqa: PLC0415 (see _card_hooks)
    from game.geometry import rect_gap  # noqa: PLC0415 (see _card_hooks)
    from game.words import DragonName, Words  # noqa: PLC0415 (see _card_hooks)

    def reach(m, name):
        at = lookups.dragon_fp(m, name).at
        out = []
        for cell, ent in lookups.occupancy(m).items():
            if esper.has_component(ent, Settlement) and rect_gap(at, 2, cell, 1) == 2:
                out.append((ent, esper.component_for_entity(ent, Footprint)))
        return out

    def far(m, name, ent):
        return Words("{dragon} is not adjacent to {piece}", dragon=DragonName(name),
                     piece=lookups.describe(m, ent))

    def model_reach(pos, me, near):
        return [tl for tl, (kind, _size, owner) in pos.pieces.items()
                if owner is None and kind in ("town", "city", "ruin")
                and rect_gap(pos.at[me], 2, tl, 1) == 2]

    return registry.AlwaysHooks(reach=reach, far=far, model_reach=model_reach)


CARD = registry.register_card(registry.Card(
    key=CARD_KEY, title=N_("Bulwark"), timing="cancel", cancels=("destroy",),
    words=N_("Cancel a Destroy aimed at a settlement or place you claim."),
    hooks=_card_hooks, art="card/watcher"))  # borrowed art: a test card ships none

PLACE = registry.register(registry.Place(
    key=PLACE_KEY, title=N_("Lookout Tower"), face=15, timing="always",
    words=N_("While you hold it, one Claim may take a settlement one cell further away."),
    worth=0.4, always=_tower_hooks, art="place/baba_yagas_hut"))
