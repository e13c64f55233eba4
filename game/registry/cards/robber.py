"""Robber (R38, P21): an opponent pays 3 coins into the thief's chest; a theft for the
thief, so Watcher may cancel it first."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, CardHooks

TAKE = 3  # game.tables.ROBBER_TAKE


def _take() -> str:
    from game.content import plural
    return plural(TAKE, "coin")


def _hooks() -> CardHooks:
    from game.systems.base import not_a_dragon
    from game.words import DragonName, Words

    def targets(m, name):
        return [{"dragon": d} for d in m.seat_names if d != name]

    def check(m, name, answer):
        target = answer.get("dragon")
        if not isinstance(target, str) or target not in m.dragon_ents:
            return not_a_dragon(target)
        if target == name:
            return Words("Robber makes an opponent pay, not {dragon} itself",
                         dragon=DragonName(name))
        # P21, P43: an opponent with no coins may be named; R29 lets it take nothing, as
        # a steal from an empty cavern wins nothing (P10).
        return None

    def fast(m, name, card):
        return [{"play": card, "dragon": d} for d in m.seat_names if d != name]

    def apply(m, name, answer, played):
        # A theft for the thief: the Watcher window (R38) runs before it takes effect
        # (game.systems.cards.resolve_robber).
        m.stack.append({"step": "act", "dragon": name, "do": "robber",
                        "answer": dict(answer), "card": played, "stage": "cancel", "i": 0})

    def model(pos, child, me, answer, ai):
        victim = answer["dragon"]
        taken = min(TAKE, pos.coins[victim])
        child.add_coins(victim, -taken)
        child.add_coins("chest", taken)
        return 0, 0

    return CardHooks(targets, check, apply, fast, model)


CARD = Card(key="robber", title=N_("Robber"), timing="turn",
            words=N_("An opponent pays {take} into the thief's chest."),
            numbers={"take": _take}, hooks=_hooks)
