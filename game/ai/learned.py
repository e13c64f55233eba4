"""A value learned from self-play outcomes: the hand-made value's terms, re-weighted.

The hand-made value (game.ai.evaluate) adds its terms with fixed weights: my coins,
claims, gamble rings, next turn's reach and safety at 1 each, and the opponents' worth
at 0.3 (the strongest) and 0.1 (each other) for Hard. `tools/train_value.py` plays
seeded games, records these terms (FEATURES) at the AI seats' decisions and fits a
logistic model of the final result; the weights it writes to value_weights.json are
in coins (my coins weigh 1). `LearnedEvaluator` values a position with
(1 - a) * hand weights + a * learned weights, where a is the level's `learned`
parameter (0: the hand-made value exactly); `learned_terms`, if given, names the only
terms blended (the others keep their hand weights).

Every coin term keeps a constant weight, so the value stays linear in every dragon's
coins (the turn search carries expected coins and memoizes values net of them:
game.ai.search). The last round (`final`) is valued by the hand-made rule unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.ai.evaluate import Evaluator
from game.ai.model import Pos
from game.resources import package_file

WEIGHTS_FILE = package_file("ai", "value_weights.json")  # shipped in the package
PARAMS = ("learned", "learned_terms", "term_weights")  # its settings beyond evaluate's
FORMAT = "narby-ai-weights/1"

# The value's terms, each signed as it enters the value (opponents' worth negative).
FEATURES = ("coins", "claims", "gambles", "reach", "safety", "retake",
            "lead_coins", "lead_claims", "other_coins", "other_claims")
COIN_FEATURES = ("coins", "lead_coins", "other_coins")
OWN_FEATURES = ("coins", "claims", "gambles", "reach", "safety", "retake")  # terms()


def hand_weights(ev: Evaluator) -> dict[str, float]:
    """The weights that make the learned form equal the hand-made value (not final)."""
    lead = ev.p["lead_weight"]
    other = ev.p["other_weight"]
    return {"coins": 1.0, "claims": 1.0, "gambles": 1.0, "reach": 1.0, "safety": 1.0,
            "retake": 1.0, "lead_coins": lead, "lead_claims": lead,
            "other_coins": other, "other_claims": other}


class WeightsError(ValueError):
    pass


_CACHE: dict[str, dict[str, float]] = {}


def load_weights(path: Path | str = WEIGHTS_FILE) -> dict[str, float]:
    """The learned weights (in coins: `coins` is 1), read once per path."""
    key = str(path)
    found = _CACHE.get(key)
    if found is None:
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise WeightsError(f"cannot read the AI's value weights {path}: {exc}") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise WeightsError(f"{path} is not a {FORMAT} file")
        weights = doc.get("weights")
        if not isinstance(weights, dict) or set(weights) != set(FEATURES) or not all(
                isinstance(v, (int, float)) for v in weights.values()):
            raise WeightsError(f"{path}: weights must name exactly {', '.join(FEATURES)}")
        found = _CACHE[key] = {k: float(weights[k]) for k in FEATURES}
    return found


class LearnedEvaluator(Evaluator):
    """Evaluator whose terms are weighted by the blend of hand and learned weights."""

    def __init__(self, root: Pos, params: dict | None = None,
                 weights: dict[str, float] | None = None, frame: Evaluator | None = None):
        super().__init__(root, params, frame)
        # (its coin weights are learned: the hand's tempo is not blended in)
        self.tempo, self.tempo_opp = 0.0, {}
        own = self.p.get("term_weights")  # a level's own weights: used whole
        a = float(self.p.get("learned", 1.0 if own else 0.0))
        hand = hand_weights(self)
        if weights is None and own:
            weights = {k: float(own[k]) for k in FEATURES}
        learned = weights if weights is not None else load_weights()
        terms = self.p.get("learned_terms") or FEATURES  # the rest keep the hand's
        self.a = {k: (1.0 - a) * hand[k] + a * learned[k] if k in terms else hand[k]
                  for k in FEATURES}
        ordered = sorted(self.w, key=lambda d: (-self.w[d], d))
        self.lead = ordered[0] if ordered else None

    def features(self, pos: Pos) -> dict[str, float]:
        """The value's terms at `pos`, signed as they enter it (FEATURES)."""
        f = self.own_terms(pos, reach_memo=True)
        f.update(lead_coins=0.0, lead_claims=0.0, other_coins=0.0, other_claims=0.0)
        for d, worth in self._opp_claims(pos).items():
            side = "lead" if d == self.lead else "other"
            f[side + "_coins"] -= pos.coins[d] + pos.treasure[d]
            f[side + "_claims"] -= worth
        return f

    def terms(self, pos: Pos) -> dict[str, float]:
        """value(pos) in the named parts the hints explain (Evaluator.terms), each
        weighted as this value weighs it: their sum is value(pos)."""
        if self.final:
            return super().terms(pos)
        f, a = self.features(pos), self.a
        out = {k: a[k] * f[k] for k in OWN_FEATURES}
        out["rivals"] = sum(a[k] * f[k] for k in FEATURES if k not in OWN_FEATURES)
        return out

    def value(self, pos: Pos) -> float:
        if self.final:  # the last round: the hand-made rule (its own weights)
            return super().value(pos)
        f = self.features(pos)
        a = self.a
        return sum(a[k] * f[k] for k in FEATURES)

    def coin_part(self, pos: Pos) -> float:
        if self.final:
            return super().coin_part(pos)
        me, a = self.me, self.a
        v = a["coins"] * (pos.coins[me] + pos.treasure[me])
        for d in self.opps:
            w = a["lead_coins"] if d == self.lead else a["other_coins"]
            v -= w * (pos.coins[d] + pos.treasure[d])
        return v


def evaluator(root: Pos, params: dict | None = None) -> Evaluator:
    """The level's evaluator: learned (blended) when its params ask for it."""
    if params and (params.get("learned") or params.get("term_weights")):
        return LearnedEvaluator(root, params)
    return Evaluator(root, params)
