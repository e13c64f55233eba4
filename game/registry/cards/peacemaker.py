"""Peacemaker (R38): stops an attack by sending the attacker or the defender home; the
attack goes on when the two are still adjacent after."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks

KEY = "peacemaker"


def _hooks() -> ReactionHooks:
    from game import lookups
    from game.systems import powers, setup
    from game.words import DragonName, Words, either

    def targets(m, act):
        """The attacker or the defender, whichever would actually be moved beside its
        cavern (P14: a send-home that changes nothing is not offered)."""
        out = []
        for who in (act["dragon"], act["answer"]["dragon"]):
            home = setup.home_spot(m, who)
            if home is not None and home != lookups.dragon_fp(m, who).at:
                out.append(who)
        return out

    def cancel(m, name, act, answer, event):
        actor, target = act["dragon"], answer["dragon"]
        m.emit("card", **event, use="cancel", against=actor, target=target)
        powers.displace(m, name, target, setup.home_spot(m, target), KEY)
        defender = act["answer"]["dragon"]
        # still adjacent: the attack goes on (R38)
        return not lookups.next_to_dragon(m, actor, lookups.dragon_fp(m, defender).at, 2)

    def you(d, name):
        # TRANSLATORS: the dragon asked, as one of the dragons a card may send home
        return Words("you") if d == name else DragonName(d)

    def words(m, name, window, act, play):
        who = either([you(d, name) for d in targets(m, act)])
        # TRANSLATORS: {who} is the dragons it may send home ("you or Red")
        return Words("{play} (send {who} home; the attack fails if they end apart)",
                     play=play, who=who)

    def model(pos, actor, target, answer, happen, ai):
        child = pos.child()
        ai.send_home(pos, child, answer["dragon"])
        apart = child.at[actor] != pos.at[actor] or child.at[target] != pos.at[target]
        if apart and not child.adjacent(actor, child.at[target], 2):
            return [(1.0, child)]
        return happen(child)

    return ReactionHooks(
        usable=lambda m, name, window, act: bool(targets(m, act)),
        params=lambda m, window, act: [{"dragon": d} for d in targets(m, act)],
        cancel=cancel, words=words, model=model)


CARD = Card(key=KEY, title=N_("Peacemaker"), timing="cancel", cancels=("attack",),
            words=N_("Stop an attack: send the attacker or the defender home to its "
                     "cavern."), hooks=_hooks)
