"""Tower of Faces (R37.3): on its holder's turn, any dragon goes next to its own cavern,
placed as R7 (P14)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place, TurnHooks

KEY = "tower_of_faces"


def _hooks() -> TurnHooks:
    from game.systems import setup
    from game.systems.powers import displace, send_home_refusal, sent_home
    from game.words import PlaceName

    def targets(m, name):
        for other in m.seat_names:
            yield {"power": KEY, "dragon": other}

    def check(m, name, answer):
        return send_home_refusal(m, answer.get("dragon"), PlaceName(KEY))

    def fast(m, name):
        return [{"power": KEY, "dragon": d} for d in sent_home(m)]

    def apply(m, name, answer):
        target = answer["dragon"]
        displace(m, name, target, setup.home_spot(m, target), KEY)

    def model(pos, child, me, answer, ai):
        ai.send_home(pos, child, answer["dragon"])
        return 0

    return TurnHooks(targets, check, apply, fast, model)


PLACE = Place(key=KEY, title=N_("Tower of Faces"), face=3, timing="turn",
              words=N_("Put any dragon next to its own cavern."), worth=0.4, hooks=_hooks)
