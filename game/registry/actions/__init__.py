"""The built-in actions, one module each, in the action bar's order (game.tables.ACTIONS;
End turn last). The order the engine lists their legal answers in is each one's
`listed` (the seeded games were recorded with it: it must not change)."""

from game.registry.actions import (
    abandon,
    attack,
    claim,
    claim_settlement,
    destroy,
    end_turn,
    gamble,
    move,
    steal_cavern,
    steal_chest,
    steal_for_thief,
)

BUILT_IN = (move, claim, claim_settlement, destroy, steal_cavern, steal_chest, steal_for_thief,
            attack, abandon, gamble, end_turn)
