"""The value of a position for the dragon to play, in coins.

    value = worth(me) - sum(weight[d] * worth(d) for each opponent d)
    worth(d) = coins + treasure + the claims' expected tribute over the rounds left
               (adjacent claims pay the sure Adjacent row this round, R31)
               + the powers of the places it holds
    and for me also: the best targets reachable next turn (claims, caverns, the chest)
    less the claims opponents can reach (threats) and the attacks they would win.

Hard adds opponent modelling (the parameters after `contest` in DEFAULT): its claims
are worth what survives the opponents who may take them (`take_chance`, `contested`),
a claim it takes back from a dragon next to it is likely retaken (`retaken`), targets
are raced for, and next round's new towns within reach count (`_fresh`). Its gamble
rings are worth the free cells they cover together (`_gambles_worth`), and in the last
round (`_final_round`) only finishing above the best score counts (`_final_weights`):
no next turn, no next Populate phase.

The value is linear in every dragon's coins, so the search can carry expected coins
through a roll instead of branching on its faces (exact expectimax; game.ai.search).
Weights and horizon are fixed once per decision from the root position.
"""

from __future__ import annotations

import math

from game import registry
from game.ai import risk
from game.ai.model import (
    PLACE_SET,
    Pos,
    adjacent_pay,
    attack_win,
    beside_town,
    can_destroy,
    chart_dist,
    gap2,
    held_mod,
    loss_chance,
    own_mod,
    tribute_ev,
)
from game.board import Cell
from game.geometry import rect_gap
from game.rule_maths import TRIBUTE_ADJACENT, tribute_value
from game.tables import ACTIONS_PER_TURN, UNDEAD_HOME

# A place's power, in coins a round to its holder (beyond its tribute), R37.
POWER_VALUE = {p.key: p.worth for p in registry.places()}  # each place's `worth`

DEFAULT = {
    "gamma": 0.45,       # weight of next turn's best target
    "second": 0.35,      # weight of the second-best target (relative to the best)
    "lead_weight": 0.45,  # opponents' worth: the strongest opponent ...
    "other_weight": 0.15,  # ... and each of the others
    "danger": 0.08,      # share of a claim's worth lost per opponent that can reach it
    "h_max": 12.0,
    "gamble": 0.5,
    "attack_threat": 1.0,
    "loss": 1.0,         # the 0-4 tribute row's lost claim
    "contest": 0.0,      # > 0: Hard's contest model replaces `danger` (take_chance)
    "action_rate": 1.5,  # coins a round a dragon makes by its actions (the horizon)
    "race": 0.0,         # > 0: next turn's claim targets that opponents reach first
    "endgame": 0.0,      # > 0: the leader's weight grows toward 1 as the rounds run out
    "contest_k": 0.0,    # > 0: ... with a chance that grows with the opponent's stake
    "spite": 0.3,        # (with contest_k) how much an opponent counts my loss as its gain
    "fresh": 0.0,        # > 0: next round's new towns the dragon could reach (populate)
    "retake": 0.0,       # > 0: a claim taken from an opponent may be taken back (retaken)
    "final": 0.0,        # > 0: the last round is played for the win (_final_round)
    "final_sd": 4.0,     # spread (coins) of a dragon's score over the last round
    "gamble_union": 0.0,  # > 0: gamble rings are worth the free cells they cover together
    "final_risk": 0.0,   # > 0: in the last round, seek variance behind, shun it ahead (risk)
    "early_risk": 0.0,   # > 0: the same in earlier rounds, by the race's projected standing
    "risk_seek": 1.0,    # share of the risk term kept when behind (0: only shun it ahead)
    "gamble_city": 0.0,  # > 0: a gamble cell beside a town catches a city (R12 step 3)
    "insure": 0.0,       # > 0: a gamble ring may be given up to a 0-4 roll (R31, _lost)
    "race_order": 0.0,   # > 0: the race counts only who acts before my next turn (R16)
    "threat": 0.0,       # > 0: opponents weighed by their threat to win (_threat_weights)
    "threat_sd": 5.5,    # ... a dragon's final score's spread per round left (coins)
    "threat_copper": 0.0,  # > 0: threat only when an opponent is Copper (book rules)
    "threat_sum": None,  # the threat weights' sum (None: lead_weight + the other_weights)
    "power_scale": 1.0,  # places' powers (POWER_VALUE, coins a round) scaled by this
    "power_scale_opp": None,  # the same for the opponents' claims (None: power_scale)
    "power_scale_stake": None,  # ... in an opponent's stake alone (take_chance; None: as above)
    "power_worth": None,  # {place: coins a round} in place of POWER_VALUE (None: POWER_VALUE)
    "stake_worth": None,  # the same in an opponent's stake ("registry": POWER_VALUE;
                          # None: as power_worth), as Normals value places (issue 36)
    "deny": 0.0,         # > 0: a free piece I claim is one the opponents near it lose (_denied)
    "deny_copper": 0.0,  # > 0: deny, only when an opponent is Copper (book rules)
    "contest_soft": None,  # slope of a take chance above contest_knee (None: as modelled)
    "contest_knee": 0.4,   # ... (contested: my claims' survival; measured, docs/AI.md)
    "tempo": 0.0,        # > 0: a coin this round that may end the game is worth more
                         # when the end would find me ahead, less when behind (_tempo, R33)
    "tempo_opp": 0.0,    # > 0: the same for each opponent's coins, to me
    "tempo_cap": 1.0,    # ... by at most this much
    "reach_far": 0.0,    # > 0: an opponent 5 to `far_gap` cells from my claim may take or
                         # destroy it in a later round (contested; measured, docs/AI.md)
    "far_gap": 7,        # ... two moves (R18) and a destroy (R21)
}

def _mills(z: float) -> float:
    """pdf / cdf of the standard normal at z: how much a coin more for an opponent
    z spreads behind me lowers my chance to finish above it, relative to that chance."""
    cdf = 0.5 * math.erfc(-z / math.sqrt(2.0))
    pdf = math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    return pdf / cdf if cdf > 1e-12 else -z


# a target worth reaching next turn (Evaluator._find_targets)
Target = tuple[Cell, int, float, int, bool, bool, Cell | None]


class Evaluator:
    def __init__(self, root: Pos, params: dict | None = None,
                 frame: Evaluator | None = None):
        self.p = {**DEFAULT, **(params or {})}
        self.root = root
        self.me = me = root.me
        self.opps = [n for n in root.names if n != me]
        self.h = self._horizon(root)
        self.w = self._weights(root)
        self.final = bool(self.p["final"]) and self._final_round(root)
        self.risk = 0.0  # coins per unit of this round's own tribute variance (risk)
        self.tempo = 0.0  # what a coin of mine this round adds beyond a coin (_tempo)
        if frame is not None:
            # a look's leaf (game.ai.master): its own threats, targets and turn order,
            # on the decision's scale -- the root's horizon, weights and last-round rule
            self.h, self.w, self.final, self.risk = frame.h, dict(frame.w), frame.final, frame.risk
            self.tempo = frame.tempo
        elif self.final:  # claims pay this round only; the opponents that count
            self.h = 1.0
            self.w = self._final_weights(root)
            if self.p["final_risk"]:
                self.risk = self._risk_coefficient(root)
        elif self.p["early_risk"] and root.phase == "action":
            self.risk = self._early_risk_coefficient(root)
        if self.risk > 0 and frame is None:
            self.risk *= self.p["risk_seek"]
        self.tempo_opp: dict[str, float] = {}  # the same for each opponent's coins
        if frame is not None:
            self.tempo_opp = frame.tempo_opp
        elif not self.final and root.phase == "action" and me in root.names:
            if self.p["tempo"]:
                self.tempo = self._tempo(root, me)
            if self.p["tempo_opp"]:
                self.tempo_opp = {d: t for d in self.opps if (t := self._tempo(root, d))}
        self._cw: dict = {}
        self._danger: dict = {}
        self._contested: dict = {}
        order = list(root.order)
        if root.phase == "action" and root.turn in order:
            after = order[order.index(root.turn) + (1 if root.turn == me else 0):]
            self.to_act = [d for d in after if d != me]  # opponents still to act (R16)
        else:
            self.to_act = [] if root.phase == "tribute" else list(self.opps)
        self.deny = self.p["deny"] or (self.p["deny_copper"] if self._copper_race(root)
                                       else 0.0)
        self.base = {d: self._claims_worth(root, d) for d in self.opps}
        self._before_me_next = (self._next_round_before(root) if self.p["race_order"]
                                else None)  # (only the race_order setting reads it)
        self._targets = self._find_targets(root)
        self._opp_memo: dict = {}
        self._fresh_memo: dict = {}
        self._foreign: dict[object, list[Target]] = {}
        self._gmemo: dict = {}
        self._mine: dict = {}  # _my_claims
        self._coin_parts: dict = {}  # coin_part
        self._gamble_one: dict = {}  # _gamble_worth
        self._steps: dict = {}  # _moves_to
        self._threats: dict = {}  # _attack_threat: opponents next to a place
        self._root_gambles = sum(1 for o in root.gambles.values() if o == me)
        self._denials: dict = {}  # _denial: per free piece

    # ----- fixed at the root --------------------------------------------------------
    def _rate(self, pos: Pos, d: str) -> float:
        return (sum(tribute_ev(pos.pieces[tl][0], d, 0, pos.even) for tl in pos.claims[d])
                + self.p["action_rate"])

    def _horizon(self, pos: Pos) -> float:
        """Rounds left: how soon the fastest dragon passes the target (R33)."""
        best = min((pos.target + 1 - pos.coins[d]) / self._rate(pos, d) for d in pos.names)
        return max(1.0, min(self.p["h_max"], best))

    def _weights(self, pos: Pos) -> dict:
        worth = {d: pos.coins[d] + pos.treasure[d] + self.h * self._rate(pos, d)
                 for d in self.opps}
        if not worth:
            return {}
        if self.p["threat"] or (self.p["threat_copper"] and self._copper_race(pos)):
            return self._threat_weights(pos, worth)
        lead = max(self.opps, key=lambda d: (worth[d], -pos.seats[d]))
        top = self.p["lead_weight"]
        if self.p["endgame"]:  # in the last rounds only beating the leader counts (R33)
            top += (1.0 - top) * min(1.0, self.p["endgame"] / self.h)
        return {d: top if d == lead else self.p["other_weight"] for d in self.opps}

    def _copper_race(self, pos: Pos) -> bool:
        """An opponent plays Copper with its book-rules doubled towns (R31): the game
        threat_copper and deny_copper are for."""
        return "copper" in self.opps and not pos.even

    def _threat_weights(self, pos: Pos, worth: dict) -> dict:
        """`threat`: the opponents' weights, their sum that of lead_weight and the
        other_weights (or `threat_sum`), shared as a coin of each changes my chance
        to finish above it (as _final_weights does in the last round), from the final
        scores the race projects (worth) with a spread of `threat_sd` coins a round
        left: a dragon running away (Copper's doubled towns) draws the spite, one far
        behind little."""
        total = self.p["threat_sum"]
        if total is None:
            total = self.p["lead_weight"] + self.p["other_weight"] * (len(self.opps) - 1)
        mine = pos.coins[self.me] + pos.treasure[self.me] + self.h * self._rate(pos, self.me)
        spread = self.p["threat_sd"] * math.sqrt(2.0 * self.h)
        mills = {d: _mills((mine - worth[d]) / spread) for d in self.opps}
        norm = sum(mills.values()) or 1.0
        return {d: total * m / norm for d, m in mills.items()}

    def _projected(self, pos: Pos, d: str) -> float:
        """d's coins after this round's tribute (expected), the end check's measure."""
        at = pos.at[d]
        return pos.coins[d] + sum(
            adjacent_pay(pos.pieces[tl][0], d, pos.even) if gap2(at, tl, pos.pieces[tl][1]) == 1
            else tribute_ev(pos.pieces[tl][0], d, 0, pos.even) for tl in pos.claims[d])

    def _next_round_before(self, pos: Pos) -> frozenset:
        """The opponents likely to act before me next round (R16): the dragon with the
        fewest coins after this round's expected tribute goes first (ties: most rings
        in supply, then lowest seat), then play goes on by ascending seat."""
        if self.me not in pos.seats:
            return frozenset(self.opps)
        first = min(pos.names, key=lambda d: (self._projected(pos, d), -pos.rings[d],
                                              pos.seats[d]))
        n = max(pos.seats.values()) + 1
        ahead = (pos.seats[self.me] - pos.seats[first]) % n
        return frozenset(d for d in self.opps if (pos.seats[d] - pos.seats[first]) % n < ahead)

    def _final_round(self, pos: Pos) -> bool:
        """This round's end check will likely end the game (R33): a dragon's coins
        after its expected tribute exceed the target."""
        if pos.phase != "action":
            return False
        return max(self._projected(pos, d) for d in pos.names) > pos.target

    def _final_weights(self, pos: Pos) -> dict:
        """In the last round only beating the best final score counts (R33): each
        opponent weighs as much as a coin of its changes my chance to finish above it
        (a normal spread `final_sd` per dragon); the weights sum to `final`."""
        def score(d):
            return self._projected(pos, d) + pos.treasure[d]
        mine = score(self.me)
        spread = self.p["final_sd"] * math.sqrt(2.0)
        mills = {d: _mills((mine - score(d)) / spread) for d in self.opps}
        total = sum(mills.values()) or 1.0
        return {d: self.p["final"] * m / total for d, m in mills.items()}

    def _tempo(self, pos: Pos, x: str) -> float:
        """`tempo` (x = me) and `tempo_opp` (x an opponent): the game ends after the
        Tribute phase in which a dragon's coins pass the target (R33), and the best
        final score then wins. A few coins more for x this round turn some faces of
        x's tribute roll into ones that end the game with x at the target or just past
        it. If I would then beat every opponent (their expected scores after this
        round, a spread of `final_sd` each) more often than after another round of dice
        and turns from the same scores (`threat_sd` more each), those coins of x's are
        worth that much more to me (tools/loss_report.py on 100 games: Hard won 35 of
        the 39 it led into their last round, 18 of the 26 it led into an earlier round
        begun with a score within 10 of the target); if less often, less. The change of
        my win chance a coin of x's (over the next three, a steal's or a destroy's), in
        coins at the rate a coin of my final score changes the chance now, times the
        setting. Linear in coins, as the search needs."""
        treasure = pos.treasure
        scores = {d: self._projected(pos, d) + treasure[d] for d in pos.names}

        def p_win(spread: float, **moved: float) -> float:
            mine = moved.get(self.me, scores[self.me])
            out = 1.0
            for d in self.opps:
                z = (mine - moved.get(d, scores[d])) / spread
                out *= 0.5 * math.erfc(-z / math.sqrt(2.0))
            return out

        now = self.p["final_sd"] * math.sqrt(2.0)
        later = math.sqrt(now * now + 2.0 * self.p["threat_sd"] ** 2)  # one round more
        at, pieces = pos.at[x], pos.pieces
        sure = pos.coins[x]
        far = []
        for tl in pos.claims[x]:
            kind, size, _ = pieces[tl]
            if gap2(at, tl, size) == 1:
                sure += tribute_value(x, kind, TRIBUTE_ADJACENT, pos.even)[0]
            else:
                far.append(kind)
        pays = risk.tribute_coins(x, tuple(sorted(far)), held_mod(self.root, x, "tribute"),
                                  pos.even)
        step = 3
        gain = 0.0
        for pay in pays:
            coins = sure + pay
            if coins <= pos.target < coins + step:  # a face the next coins make end it
                at_end = {x: (pos.target + 1 + coins + step) / 2.0 + treasure[x]}
                gain += p_win(now, **at_end) - p_win(later, **at_end)  # ends, or goes on
        if not gain:
            return 0.0
        mine = scores[self.me]
        rate = (p_win(now, **{self.me: mine + 1.0})
                - p_win(now, **{self.me: mine - 1.0})) / 2.0  # win chance a coin of mine
        cap = self.p["tempo_cap"]
        weight = self.p["tempo"] if x == self.me else self.p["tempo_opp"]
        return max(-cap, min(cap, weight * gain / len(pays) / step / max(rate, 1e-3)))

    def _risk_coefficient(self, pos: Pos) -> float:
        """The standing at the root, as game.ai.risk weighs variance: my expected
        final score less the best opponent's, over the spread of the difference."""
        def score(d):
            return self._projected(pos, d) + pos.treasure[d]
        lead = score(self.me) - max(score(d) for d in self.opps)
        return risk.coefficient(lead, self.p["final_sd"] * math.sqrt(2.0),
                                self.p["final_risk"])

    def _early_risk_coefficient(self, pos: Pos) -> float:
        """Before the last round: the standing in the race, each dragon's score
        projected over the rounds left (coins, treasure, h rounds at its rate), with a
        spread that grows as the square root of the rounds left."""
        def score(d):
            return pos.coins[d] + pos.treasure[d] + self.h * self._rate(pos, d)
        lead = score(self.me) - max(score(d) for d in self.opps)
        return risk.coefficient(lead, self.p["final_sd"] * math.sqrt(2.0 * self.h),
                                self.p["early_risk"])

    def _risk(self, pos: Pos, at) -> float:
        """The last round's risk term: the variance of my tribute roll's pay for the
        claims not next to me (one roll for them all, R31), times the coefficient."""
        pieces = pos.pieces
        far = tuple(sorted(pieces[tl][0] for tl in pos.claims[self.me]
                           if gap2(at, tl, pieces[tl][1]) != 1))
        mod = held_mod(self.root, self.me, "tribute")
        return self.risk * risk.tribute_variance(self.me, far, mod, self.root.even)

    def claim_worth(self, d: str, kind: str, adj: bool, stake: bool = False) -> float:
        """What one claim is worth to `d` over the rounds left (`stake`: as opponent `d`
        wants it, in take_chance, when power_scale_stake sets that apart)."""
        stake = stake and d != self.me and self.p["power_scale_stake"] is not None
        key = (d, kind, adj, stake)
        v = self._cw.get(key)
        if v is None:
            mod = held_mod(self.root, d, "tribute")  # Soul Mine (R37.11)
            ev = tribute_ev(kind, d, mod, self.root.even)
            now = adjacent_pay(kind, d, self.root.even) if adj else ev
            v = now + (self.h - 1.0) * ev
            if kind in PLACE_SET:
                scale = self.p["power_scale"]
                if d != self.me and self.p["power_scale_opp"] is not None:
                    scale = self.p["power_scale_opp"]  # what I count an opponent's power
                if stake:
                    scale = self.p["power_scale_stake"]  # what it thinks the power worth
                worths = self._worths(stake)
                power = worths.get(kind, 0.0) * scale
                if kind == UNDEAD_HOME and d == "undead":
                    power = -1.0  # R8: it makes the Undead's hoard stealable
                v += power * self.h
            self._cw[key] = v
        return v

    def _worths(self, stake: bool) -> dict:
        """Each place's power worth (coins a round) as I count it, or as an opponent
        wants it in its stake when stake_worth sets that apart."""
        own = self.p["stake_worth"] if stake else None
        if own is None:
            own = self.p["power_worth"]
        return POWER_VALUE if own is None or own == "registry" else own

    def _claims_worth(self, pos: Pos, d: str) -> float:
        at = pos.at[d]
        total = 0.0
        for tl in pos.claims[d]:
            kind, size, _ = pos.pieces[tl]
            total += self.claim_worth(d, kind, rect_gap(at, 2, tl, size) == 1)
        return total

    def danger(self, tl, size: int) -> int:
        """Opponents that can reach the piece next turn (a move of 3, then act)."""
        n = self._danger.get(tl)
        if n is None:
            n = sum(1 for d in self.opps if rect_gap(self.root.at[d], 2, tl, size) <= 4)
            self._danger[tl] = n
        return n

    def take_chance(self, d: str, tl, kind: str, size: int, adj: bool,
                    far: bool = False) -> float:
        """The chance opponent `d` takes (or destroys) my claim before long: it stands
        next to it (or can fly there and still act), and it wants it the more the more
        the claim is worth to it (with `contest_k`; else a flat `contest`). With `far`,
        an opponent further off (`reach_far`, up to `far_gap` cells) counts too."""
        gap = gap2(self.root.at[d], tl, size)
        reach = (1.0 if gap == 1 else 0.5 if gap <= 4 else
                 self.p["reach_far"] if far and gap <= self.p["far_gap"] else 0.0)
        if not reach:
            return 0.0
        if self.root.rings[d] <= 0:
            reach *= 0.5 if can_destroy(d, kind) else 0.0
        if self.p["contest_k"]:
            gain = (self.claim_worth(d, kind, False, stake=True)
                    + self.p["spite"] * self.claim_worth(self.me, kind, adj))
            return min(0.95, reach * gain / (gain + self.p["contest_k"]))
        return min(0.9, self.p["contest"] * reach)

    def contested(self, tl, kind: str, size: int, adj: bool) -> float:
        """My claim's worth when opponents may take or destroy it (take_chance); this
        round's tribute is at risk only from those still to act this round (R16)."""
        key = (tl, kind, adj)
        v = self._contested.get(key)
        if v is None:
            s_now = s_all = 1.0
            soft, knee = self.p["contest_soft"], self.p["contest_knee"]
            far = bool(self.p["reach_far"])
            for d in self.opps:
                q = self.take_chance(d, tl, kind, size, adj, far)
                if not q:
                    continue
                if soft is not None and q > knee:  # the early check's shape (docs/AI.md)
                    q = knee + soft * (q - knee)
                s_all *= 1.0 - q
                # a far opponent spends this round flying there: later rounds only
                if d in self.to_act and (not far or gap2(self.root.at[d], tl, size) <= 4):
                    s_now *= 1.0 - q
            full = self.claim_worth(self.me, kind, adj)
            now = adjacent_pay(kind, self.me, self.root.even) if adj else self._now_far(kind)
            v = now * s_now + (full - now) * s_all
            self._contested[key] = v
        return v

    def retaken(self, pos: Pos) -> float:
        """What the dragons I took claims from this turn expect to win back: a taken
        claim's old owner still next to it takes it back as readily as it would take
        any claim of mine (take_chance), so taking it hurt the owner that much less."""
        root, me, w = self.root, self.me, self.w
        total = 0.0
        for tl in pos.changed:
            before, after = root.pieces.get(tl), pos.pieces.get(tl)
            if before is None or after is None or after[2] != me or before[2] not in w:
                continue
            d, kind, size = before[2], before[0], before[1]
            assert d is not None  # an owner (it is in w)
            adj = gap2(pos.at[me], tl, size) == 1
            total += w[d] * self.take_chance(d, tl, kind, size, adj) * self.claim_worth(
                d, kind, gap2(root.at[d], tl, size) == 1)
        return total

    def _race(self, pos: Pos, tl, size: int) -> float:
        """The chance a claim target is still there on my next turn: every opponent
        acts before it, and one that can reach the piece may take it first."""
        race = self.p["race"]
        if not race:
            return 1.0
        left = 1.0
        first = self._before_me_next
        for d in self.opps:
            if pos.rings[d] <= 0:
                continue
            if first is not None and d not in self.to_act and d not in first:
                continue  # it has acted this round and acts after me next round (R16)
            gap = gap2(pos.at[d], tl, size)
            if gap <= 4:
                left *= 1.0 - min(0.9, race * (1.0 if gap == 1 else 0.5))
        return left

    def _denial(self, piece) -> float:
        """What the opponents stand to gain from a free piece (a settlement or place
        of power), weighted as the value weighs them: each that can reach it next turn
        claims it first with the race's chance (`race`, 0.3 next to it, half that
        within a move), then holds it at its own worth (Copper's doubled towns, R31)."""
        v = self._denials.get(piece)
        if v is None:
            tl, (kind, size, _owner) = piece
            v, left = 0.0, 1.0
            for d in self.opps:
                if self.root.rings[d] <= 0:
                    continue
                gap = gap2(self.root.at[d], tl, size)
                if gap <= 4:
                    q = left * min(0.9, self.p["race"] * (1.0 if gap == 1 else 0.5))
                    v += q * self.w[d] * self.claim_worth(d, kind, False)
                    left -= q
            self._denials[piece] = v
        return v

    def _denied(self, pos: Pos) -> float:
        """`deny`: the free pieces changed this turn (claimed, ruined, destroyed) take
        from the opponents what _denial says they would have gained from them; the
        value otherwise counts a free piece as worth nothing to anyone."""
        root = self.root.pieces
        total = 0.0
        for tl in pos.changed:
            before, after = root.get(tl), pos.pieces.get(tl)
            if before is None or before[2] is not None or after == before:
                continue
            total += self._denial((tl, before))
            if after is not None and after[2] is None:  # still free (a ruin, say)
                total -= self._denial((tl, after))
        return total

    def _lost(self, far_min: float, gambles: int, rings: float) -> float:
        """What a 0-4 tribute roll costs (R31): the cheapest non-adjacent claim, or,
        with `insure`, one gamble ring when that is cheaper: the roller may give up a
        gamble ring instead, so a ring out insures the claims (`rings`: what all of
        the dragon's gamble rings are worth; one of them counts as their mean)."""
        if self.p["insure"] and gambles:
            ring = rings / gambles
            return far_min + self.p["insure"] * (min(far_min, ring) - far_min)
        return far_min

    def _now_far(self, kind: str) -> float:
        mod = held_mod(self.root, self.me, "tribute")
        return tribute_ev(kind, self.me, mod, self.root.even)

    def _find_targets(self, pos: Pos) -> list[Target]:
        """Things worth reaching next turn: (top-left, size, value, actions it costs,
        repeatable, needs a ring, claimable key or None)."""
        me = self.me
        out: list[Target] = []
        for tl, (kind, size, owner) in pos.pieces.items():
            if owner is None:
                gain = self.claim_worth(me, kind, False) * self._race(pos, tl, size)
                out.append((tl, size, gain, 1, False, True, tl))
            elif owner != me:
                gain = self.claim_worth(me, kind, False) + self.w[owner] * self.claim_worth(
                    owner, kind, False)
                out.append((tl, size, gain * self._race(pos, tl, size), 2, False, True, tl))
        steal = sum(a * p for a, p in chart_dist("steal", own_mod(pos, me, "steal")))
        for d in self.opps:
            cav = pos.cavern.get(d)
            if cav is not None and pos.coins[d] > 0:
                out.append((cav[0], cav[1], steal * (1 + self.w[d]), 1, True, False, None))
        if pos.chest_at is not None and pos.chest_coins >= 1:
            out.append((pos.chest_at, 1, min(steal, pos.chest_coins / 2), 1, True, False, None))
        out.sort(key=lambda t: -t[2])
        return out[:14]

    # ----- the value ------------------------------------------------------------------
    def value(self, pos: Pos) -> float:
        p = self.p
        me = self.me
        at = pos.at[me]
        v = pos.coins[me] * (1.0 + self.tempo) + pos.treasure[me]
        worths, far_min = self._my_claims(pos, at)
        for worth in worths:  # added one by one, in the set's order: the same sum
            v += worth
        rings = 0.0
        gambles = 0
        if pos.gambles:
            gambles = (self._root_gambles if pos.gambles is self.root.gambles else
                       sum(1 for o in pos.gambles.values() if o == me))
            if gambles and not self.final:  # no next Populate phase
                rings = (self._gambles_worth(pos) if p["gamble_union"]
                         else gambles * self._gamble_worth(pos))
        if far_min is not None:  # R31: a 0-4 roll takes one non-adjacent claim
            v -= p["loss"] * loss_chance() * self._lost(far_min, gambles, rings)
        if self.risk:
            v += self._risk(pos, at)
        v += rings
        key = (at, pos.rings[me] > 0, pos.changed if pos.lineage is self.root.lineage else
               pos.pieces_key())
        opp = self._opp_memo.get(key)
        if opp is None:
            opp = 0.0 if self.final else self._opportunity(pos)  # no next turn
            self._opp_memo[key] = opp
        v += opp
        if self.p["attack_threat"]:
            v -= self._attack_threat(pos)
        if p["retake"] and pos.changed and pos.lineage is self.root.lineage:
            v -= p["retake"] * self.retaken(pos)
        if self.deny and not self.final and pos.changed and pos.lineage is self.root.lineage:
            v += self.deny * self._denied(pos)
        w = self.w
        for d, claims in self._opp_claims(pos).items():
            v -= w[d] * (pos.coins[d] + pos.treasure[d] + claims)
        for d, t in self.tempo_opp.items():
            v += t * pos.coins[d]
        return v

    def _my_claims(self, pos: Pos, at) -> tuple[tuple[float, ...], float | None]:
        """Each of my claims' worth (in the claims set's order) and the least worth of
        a non-adjacent one, kept per (place, claims set): the very set object, copied on
        write, so an entry is only read for the same claims in the same order, and only
        while their pieces are the same; many nodes differ only in coins, rings, actions
        left or a piece elsewhere."""
        claims = pos.claims[self.me]
        pieces = pos.pieces
        key = (at, id(claims))
        found = self._mine.get(key)
        # the same claims set, its pieces unchanged (another piece may have changed)
        if found is not None and found[0] is claims:
            if found[1] is pieces:
                return found[3], found[4]
            if all(pieces[tl] == piece for tl, piece in found[2]):
                # the next position is likely this one's sibling: check its dict first
                self._mine[key] = (claims, pieces, *found[2:])
                return found[3], found[4]
        p = self.p
        me = self.me
        far_min = None
        cw = self.claim_worth
        worths = []
        for tl in claims:
            kind, size, _ = pieces[tl]
            adj = gap2(at, tl, size) == 1
            if p["contest"]:
                worth = self.contested(tl, kind, size, adj)
            else:
                worth = cw(me, kind, adj)
                n = self.danger(tl, size)
                if n:
                    worth *= max(0.0, 1.0 - p["danger"] * n)
            worths.append(worth)
            if not adj:
                far = cw(me, kind, False)
                if far_min is None or far < far_min:
                    far_min = far
        if len(self._mine) > 4096:
            self._mine.clear()
        mine = tuple((tl, pieces[tl]) for tl in claims)
        self._mine[key] = (claims, pieces, mine, tuple(worths), far_min)
        return tuple(worths), far_min

    def terms(self, pos: Pos) -> dict[str, float]:
        """value(pos) in its named parts (their sum is value(pos)), for explaining a
        choice in words (game.ui.why): coins (and treasure), claims, gambles, reach
        (next turn's targets), safety (attacks that threaten), retake, rivals (the
        opponents' weighted worth, negative). Kept beside value(), which stays the
        search's fast path; tests/test_ai_terms.py holds the two equal."""
        out = self.own_terms(pos)
        rivals = 0.0
        for d, worth in self._opp_claims(pos).items():
            rivals -= self.w[d] * (pos.coins[d] + pos.treasure[d] + worth)
        for d, t in self.tempo_opp.items():
            rivals += t * pos.coins[d]
        out["rivals"] = rivals
        return out

    def own_terms(self, pos: Pos, reach_memo: bool = False) -> dict[str, float]:
        """The parts of value(pos) that are the dragon's own (all but the rivals'), as
        terms() and the learned value (game.ai.learned) name them; `reach_memo`: next
        turn's reach through the search's memo (the same figure, kept)."""
        p = self.p
        me = self.me
        at = pos.at[me]
        pieces = pos.pieces
        claims = 0.0
        far_min = None
        for tl in pos.claims[me]:
            kind, size, _ = pieces[tl]
            adj = gap2(at, tl, size) == 1
            if p["contest"]:
                worth = self.contested(tl, kind, size, adj)
            else:
                worth = self.claim_worth(me, kind, adj)
                n = self.danger(tl, size)
                if n:
                    worth *= max(0.0, 1.0 - p["danger"] * n)
            claims += worth
            if not adj:
                far = self.claim_worth(me, kind, False)
                if far_min is None or far < far_min:
                    far_min = far
        gambles = 0.0
        n = sum(1 for o in pos.gambles.values() if o == me) if pos.gambles else 0
        if n and not self.final:
            if p["gamble_union"]:
                gambles = self._gambles_worth(pos)
            else:
                gambles = n * self._gamble_worth(pos)
        if far_min is not None:  # R31: a 0-4 roll takes one non-adjacent claim
            claims -= p["loss"] * loss_chance() * self._lost(far_min, n, gambles)
        if self.risk:  # (the spread of the claims' pay, counted with them)
            claims += self._risk(pos, at)
        if reach_memo:
            key = (at, pos.rings[me] > 0, pos.changed if pos.lineage is self.root.lineage
                   else pos.pieces_key())
            reach = self._opp_memo.get(key)
            if reach is None:
                reach = self._opp_memo[key] = 0.0 if self.final else self._opportunity(pos)
        else:
            reach = 0.0 if self.final else self._opportunity(pos)
        return {
            "coins": pos.coins[me] * (1.0 + self.tempo) + pos.treasure[me],
            "claims": claims,
            "gambles": gambles,
            "reach": reach,
            "safety": -self._attack_threat(pos) if p["attack_threat"] else 0.0,
            "retake": (-p["retake"] * self.retaken(pos)
                       if p["retake"] and pos.changed and pos.lineage is self.root.lineage
                       else 0.0),
        }

    def coin_part(self, pos: Pos) -> float:
        """The part of value() that is linear in coins and treasure."""
        coins, treasure = pos.coins, pos.treasure
        key = (id(coins), id(treasure))
        found = self._coin_parts.get(key)  # dicts copied on write: kept per pair
        if found is not None and found[0] is coins and found[1] is treasure:
            return found[2]
        me = self.me
        v = coins[me] * (1.0 + self.tempo) + treasure[me]
        for d, w in self.w.items():
            v -= w * (coins[d] + treasure[d])
        for d, t in self.tempo_opp.items():
            v += t * coins[d]
        if len(self._coin_parts) > 4096:
            self._coin_parts.clear()
        self._coin_parts[key] = (coins, treasure, v)
        return v

    def _opp_claims(self, pos: Pos) -> dict:
        """Each opponent's claims' worth: the root's, corrected for what changed."""
        root = self.root
        if pos.lineage is not root.lineage:
            return {d: self._claims_worth(pos, d) for d in self.opps}
        if not pos.moved and not pos.changed:
            return self.base  # (read only by the callers)
        out = dict(self.base)
        for d in pos.moved:
            if d in out:  # (a line may have moved the evaluating dragon itself)
                out[d] = self._claims_worth(pos, d)
        if pos.changed:
            cw = self.claim_worth
            at = root.at
            for tl in pos.changed:
                before = root.pieces.get(tl)
                after = pos.pieces.get(tl)
                if before is not None and before[2] in out and before[2] not in pos.moved:
                    d = before[2]
                    out[d] -= cw(d, before[0], gap2(at[d], tl, before[1]) == 1)
                if after is not None and after[2] in out and after[2] not in pos.moved:
                    d = after[2]
                    out[d] += cw(d, after[0], gap2(at[d], tl, after[1]) == 1)
        return out

    def _gamble_worth(self, pos: Pos) -> float:
        key = (len(pos.names), pos.width, pos.height)  # the same for every node
        v = self._gamble_one.get(key)
        if v is None:
            rolls = len(pos.names)
            chance = min(1.0, rolls * 9.0 / (pos.width * pos.height) * self.h)
            v = self._gamble_one[key] = (self.p["gamble"] * chance
                                         * self.claim_worth(self.me, "town", False) / 2)
        return v

    def _gambles_worth(self, pos: Pos) -> float:
        """My gamble rings together (R13): a new settlement on a free cell next to one
        of them (or under it) is caught, one ring each; rings side by side cover the
        same cells, so a cluster is worth the free cells it covers, not its rings."""
        mine = tuple(sorted(c for c, o in pos.gambles.items() if o == self.me))
        v = self._gmemo.get(mine)
        if v is None:
            occ, blocked = pos.occ, pos.blocked
            w, h = pos.width, pos.height
            cover = {(c + dc, r + dr) for c, r in mine for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
            cells = [(c, r) for (c, r) in cover if 0 <= c < w and 0 <= r < h
                     and (c, r) not in occ and (c, r) not in blocked]
            free = len(cells)
            caught = min(len(mine), len(pos.names) * free / (w * h) * self.h)
            worth = self.claim_worth(self.me, "town", False)
            if self.p["gamble_city"] and free:
                # R12 step 3: a new settlement beside a town is a city; the root's towns
                near = sum(1 for cell in cells if beside_town(self.root.pieces, cell))
                city = self.claim_worth(self.me, "city", False)
                worth += self.p["gamble_city"] * near / free * (city - worth)
            v = self._gmemo[mine] = self.p["gamble"] * caught * worth / 2
        return v

    def _opportunity(self, pos: Pos) -> float:
        """Next turn's best targets from where the dragon ends (R18: 3 steps a move)."""
        me = self.me
        at = pos.at[me]
        rings = pos.rings[me]
        pieces, root_pieces = pos.pieces, self.root.pieces
        targets = self._targets
        if pos.lineage is not self.root.lineage:  # a position from another view (the
            found = self._foreign.get(pos.lineage)  # generic handler): its own targets
            if found is None:
                found = self._foreign[pos.lineage] = self._find_targets(pos)
            targets = found
            root_pieces = pieces
        best = second = 0.0
        for (_tl, _size, value, cost, repeat, ring, key), moves in zip(
                targets, self._moves_to(targets, at), strict=True):
            if ring and rings <= 0:
                continue
            if key is not None and pieces is not root_pieces:
                now = pieces.get(key)
                if now != root_pieces.get(key):
                    continue  # changed this turn: claimed, taken or destroyed
            left = ACTIONS_PER_TURN - moves - cost
            if left < 0:
                continue
            if repeat:
                value *= left + 1
            value *= 0.85 ** moves
            if value > best:
                best, second = value, best
            elif value > second:
                second = value
        v = self.p["gamma"] * (best + self.p["second"] * second)
        if self.p["fresh"] and rings > 0 and self.h > 1.0:
            v += self.p["fresh"] * self._fresh(at)
        return v

    def _moves_to(self, targets: list[Target], at) -> list[int]:
        """The moves (R18: 3 steps each) from `at` to each target, kept per place and
        targets list (the root's, mostly)."""
        key = (id(targets), at)
        found = self._steps.get(key)
        if found is None or found[0] is not targets:
            moves = []
            for tl, size, *_rest in targets:
                gap = gap2(at, tl, size)
                moves.append(0 if gap == 1 else math.ceil((gap - 1) / 3) if gap > 1 else 1)
            found = self._steps[key] = (targets, moves)
        return found[1]

    def _fresh(self, at) -> float:
        """Next round's new towns (one per dragon, on a random cell: R12) the dragon
        could claim on its next turn from `at`: the chance one lands within a move of
        it (then claimed with actions to spare), and half the chance one lands within
        two moves, times a town's worth."""
        p = self._fresh_memo.get(at)
        if p is None:
            cells = self.root.width * self.root.height
            n = len(self.root.names)
            near = 1.0 - (1.0 - self._within(at, 4) / cells) ** n
            far = 1.0 - (1.0 - self._within(at, 7) / cells) ** n
            p = self._fresh_memo[at] = near + 0.5 * (far - near)
        return p * self.claim_worth(self.me, "town", False)

    def _within(self, at, gap: int) -> int:
        """Board cells within `gap` of a dragon at `at` (a 2x2 piece)."""
        c, r = at
        cols = min(self.root.width - 1, c + 1 + gap) - max(0, c - gap) + 1
        rows = min(self.root.height - 1, r + 1 + gap) - max(0, r - gap) + 1
        return cols * rows - 4

    def _attack_threat(self, pos: Pos) -> float:
        """Opponents next to me who would win an attack more often than not (R26)."""
        me = self.me
        at = pos.at[me]
        total = 0.0
        if pos.lineage is self.root.lineage and not pos.moved:
            # the opponents stand where they stood at the root: who is next to `at`
            # is known once per place
            near = self._threats.get(at)
            if near is None:
                near = self._threats[at] = [d for d in self.opps
                                            if gap2(at, self.root.at[d], 2) == 1]
        else:
            near = [d for d in self.opps if gap2(at, pos.at[d], 2) == 1]
        for d in near:
            win = attack_win(own_mod(pos, d, "attack"), 0)
            if win > 0.5:
                total += (2 * win - 1) * 3 * (1 + self.w[d])
        return self.p["attack_threat"] * total
