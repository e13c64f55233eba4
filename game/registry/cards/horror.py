"""Horror (R38, P14): puts any dragon next to its own cavern."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, CardHooks


def _hooks() -> CardHooks:
    from game.systems import powers, setup
    from game.words import CardName

    def targets(m, name):
        return [{"dragon": d} for d in m.seat_names]

    def check(m, name, answer):
        return powers.send_home_refusal(m, answer.get("dragon"), CardName("horror"))

    def fast(m, name, card):
        return [{"play": card, "dragon": d} for d in powers.sent_home(m)]

    def apply(m, name, answer, played):
        target = answer["dragon"]
        powers.displace(m, name, target, setup.home_spot(m, target), "horror")

    def model(pos, child, me, answer, ai):
        ai.send_home(pos, child, answer["dragon"])
        return 0, 0

    return CardHooks(targets, check, apply, fast, model)


CARD = Card(key="horror", title=N_("Horror"), timing="turn",
            words=N_("Put any dragon next to its own cavern."), hooks=_hooks)
