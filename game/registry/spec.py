"""What a place of power is made of: one `Place` value, the whole of it in one module.

The engine imports game.tables, and game.tables is derived from the places, so a place's
code hooks (`hooks`) are built at first use, not at import: a place module imports only
this module and game.i18n at its top, the engine inside its `_hooks()`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

# How a place's power is used (R36, R37, R40):
# turn: an answer of its holder's action decision, at no action cost;
# own_roll: a modifier its holder adds before its own roll (`roll` = (purpose, value));
# cancel: cancels an opponent's action when it is declared (`cancels` = the action);
# roll_reaction: a modifier on an opponent's roll after it is made (`roll`);
# claim: with one of its holder's Claim actions (Citadel of Torture);
# home: no power, a cavern while it stands (Immortals Resting Place);
# always: a standing ability while held.
TIMINGS = ("turn", "own_roll", "cancel", "roll_reaction", "claim", "home", "always")


class TurnHooks(NamedTuple):
    """A turn power's code. Engine: targets(m, name) -> candidate answers; check(m, name,
    answer) -> reason or None (after the holder checks); apply(m, name, answer);
    fast(m, name) -> exactly the candidates that pass check (speed only, tested equal).
    AI: model(pos, child, me, answer, ai) -> extra actions, the power's effect on the
    AI's child position (game.ai.model.Pos); `ai` is the search's ModelTools (the
    engine layer does not import the AI: it hands its tools down)."""

    targets: Callable
    check: Callable
    apply: Callable
    fast: Callable | None
    model: Callable


class ModelTools(NamedTuple):
    """What the AI's search lends a place's model hook (game.ai.search)."""

    move_piece: Callable  # (pos, old top-left, new top-left): a place moves, claims stay
    send_home: Callable   # (pos, child, dragon): beside its cavern (R7, P14)


class CancelHooks(NamedTuple):
    """A cancel's code. Engine: applies(m, name, act) -> whether its ready holder `name`
    may cancel the declared action `act` (beyond the action's name). AI: model(pos, me,
    tl, target) -> whether an opponent would cancel `me`'s action against the piece at
    top-left `tl` or the dragon `target` (game.ai.model.cancelled)."""

    applies: Callable
    model: Callable


@dataclass(frozen=True)
class Place:
    key: str                  # FORMATS.md's name: "madhouse"
    title: str                # N_-marked; translated where shown
    face: int                 # the d20 face that places it (R14)
    timing: str               # one of TIMINGS
    words: str                # N_-marked effect, its numbers as {placeholders}
    numbers: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    worth: float = 0.0        # the AI: coins a round to its holder beyond its tribute
    roll: tuple[str, int] | None = None  # own_roll / roll_reaction: (purpose, value)
    cancels: str | None = None  # cancel: the action it cancels
    hooks: Callable[[], Any] | None = None  # turn / cancel: builds its TurnHooks / CancelHooks
    art: str = ""             # art key; "" means "place/<key>"
    sound: str = "power"      # sound cue of its power (game.ui.sound.cues)
    always: Callable[[], Any] | None = None  # a standing ability: builds its AlwaysHooks
    keep: float | None = None  # the AI: worth of holding a reaction power for later (0.2)
    to_size: int = 2          # a turn power's "to" on the board: a dragon's 2x2, or 1 cell

    @property
    def art_key(self) -> str:
        return self.art or f"place/{self.key}"

    def problems(self) -> list[str]:
        """What is wrong with this spec, in words (empty when it can be registered)."""
        out = []
        if self.timing not in TIMINGS:
            out.append(f"timing {self.timing!r} is not one of {', '.join(TIMINGS)}")
        if not 1 <= self.face <= 20:
            out.append(f"d20 face {self.face} is not 1-20")
        if self.timing in ("own_roll", "roll_reaction") and self.roll is None:
            out.append(f"a {self.timing} place needs roll=(purpose, value)")
        if self.timing == "cancel" and not self.cancels:
            out.append("a cancel place needs cancels=<action>")
        if self.timing in ("turn", "cancel") and self.hooks is None:
            out.append(f"a {self.timing} place needs hooks")
        if not self.words or not self.title:
            out.append("a place needs a title and words")
        return out


# When a power card is played (R38, R40):
# turn: an answer of its holder's action decision, at no action cost (`hooks`);
# own_roll: before its holder's own roll (`roll` = (purpose, value));
# tribute: before its holder's tribute roll, +1 coin a scored settlement of kind `per`;
# cancel: cancels an opponent's action when it is declared (`cancels` = the actions);
# roll: after an opponent's roll (`value`; which rolls: game.rule_maths);
# dice: after a settlement's placement roll (Pro-creator);
# any: after any roll or placement die (Trickster); copy: as a played card (Copier).
CARD_TIMINGS = ("turn", "own_roll", "tribute", "cancel", "roll", "dice", "any", "copy")


class CardHooks(NamedTuple):
    """A turn card's code. Engine (game.systems.cards.TurnCard): targets(m, name) ->
    candidate parameter dicts; check(m, name, answer) -> reason or None; apply(m, name,
    answer, played) -> an action to declare, or None; fast(m, name, card) -> exactly the
    answers that pass check (speed only, tested equal). AI: model(pos, child, me, answer,
    ai) -> (extra actions, actions spent), the card's effect on the AI's child position
    (game.ai.model.Pos; `ai` is the search's ModelTools)."""

    targets: Callable
    check: Callable
    apply: Callable
    fast: Callable | None
    model: Callable


@dataclass(frozen=True)
class Card:
    key: str                  # FORMATS.md's name: "jumper"
    title: str                # N_-marked; translated where shown
    timing: str               # one of CARD_TIMINGS
    words: str                # N_-marked effect, its numbers as {placeholders}
    numbers: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    roll: tuple[str, int] | None = None   # own_roll: (purpose, value)
    value: int | None = None              # roll: the modifier on the opponent's roll
    per: str | None = None                # tribute: the settlement kind that earns more
    cancels: tuple[str, ...] = ()         # cancel: the actions it cancels
    hooks: Callable[[], Any] | None = None  # turn: its CardHooks; reactions: ReactionHooks
    art: str = ""             # art key; "" means "card/<key>"
    sound: str = "card_played"  # sound of its play (game.ui.sound.cues)

    @property
    def art_key(self) -> str:
        return self.art or f"card/{self.key}"

    def problems(self) -> list[str]:
        """What is wrong with this spec, in words (empty when it can be registered)."""
        out = []
        if self.timing not in CARD_TIMINGS:
            out.append(f"timing {self.timing!r} is not one of {', '.join(CARD_TIMINGS)}")
        if self.timing == "own_roll" and self.roll is None:
            out.append("an own_roll card needs roll=(purpose, value)")
        if self.timing == "roll" and self.value is None:
            out.append("a roll card needs value=<modifier>")
        if self.timing == "tribute" and not self.per:
            out.append("a tribute card needs per=<settlement kind>")
        if self.timing == "cancel" and not self.cancels:
            out.append("a cancel card needs cancels=(<action>, ...)")
        if self.timing == "turn" and self.hooks is None:
            out.append("a turn card needs hooks")
        if not self.words or not self.title:
            out.append("a card needs a title and words")
        return out


def signed(n: int) -> str:
    """A modifier as players read it: +2, −1."""
    return f"+{n}" if n >= 0 else f"−{-n}"


# ----- actions (R17-R28) -------------------------------------------------------------------
class ActionHooks(NamedTuple):
    """An action's code. Engine: `rule`, its game.systems.base.ActionRule (targets, check,
    resolve, ready, fast, rolls, near). AI: model(pos, child, me, answer, ai) -> the
    action's effect on the AI's child position (game.ai.model.Pos; its cost is paid by
    the search; `ai` is the search's ModelTools): None when `child` is the one outcome,
    else [(probability, child)] of its rolls; options(pos, me, k) -> the answers the AI's
    search tries with k actions left. Both None for the built-in actions, which the
    search models in its own code (Action.search names its kinds there)."""

    rule: Any
    model: Callable | None = None
    options: Callable | None = None
    outcome: Callable | None = None  # outcome(m, dragon, answer, row) -> Words: a chart
    #                                  row's result for the odds (None: the row's name)


@dataclass(frozen=True)
class Action:
    key: str                  # FORMATS.md's name: "claim_settlement"
    title: str                # N_-marked; translated where shown
    cost: int                 # actions it costs (R17)
    words: str                # N_-marked effect, its numbers as {placeholders}
    numbers: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    unavailable: str = ""     # N_-marked: why the bar greys it when no target passes ({d}
    #                           the dragon, {n} the move steps)
    hotkey: str = ""          # the action bar's key (game.ui.bindings), "" for none
    listed: int = 100         # place among the legal answers (ties: registration order)
    hooks: Callable[[], ActionHooks] | None = None  # builds its ActionHooks (None: End turn)
    search: tuple[str, ...] = ()  # built-ins: the AI search's own kinds for it ("take")
    charts: tuple[str, ...] = ()  # the charts (game.tables.CHARTS) its rolls and odds use
    taste: str = ""           # the AI's Easy level's taste for it; "" means its key
    art: str = ""             # art key; "" means "action/<key>"
    sound: str = "tick"       # sound cue of its declaration (game.ui.sound.cues)
    aim: str = "piece"        # what its answers point at on the board: "piece" (the dragon
    #                           or cell named), "cavern" (the named dragon's cavern),
    #                           "chest" (the thief's chest)
    tip: bool = True          # hovering its target shows its title and words (False: the
    #                           built-ins, whose tips the window writes: odds, tribute)

    @property
    def art_key(self) -> str:
        return self.art or f"action/{self.key}"

    @property
    def taste_kind(self) -> str:
        return self.taste or self.key

    def problems(self) -> list[str]:
        """What is wrong with this spec, in words (empty when it can be registered)."""
        out = []
        if not self.words or not self.title:
            out.append("an action needs a title and words")
        if not isinstance(self.cost, int) or self.cost < 0:
            out.append(f"cost {self.cost!r} is not a whole number of actions")
        if self.key != "end_turn" and self.hooks is None:
            out.append("an action needs hooks (its rule)")
        if self.key != "end_turn" and not self.unavailable:
            out.append("an action needs its unavailable words")
        if len(self.hotkey) > 1:
            out.append(f"hotkey {self.hotkey!r} is not one key")
        if self.aim not in ("piece", "cavern", "chest"):
            out.append(f"aim {self.aim!r} is not piece, cavern or chest")
        return out

# ----- reactions and standing abilities (issue 32: their code in their own modules) -----
class ReactionHooks(NamedTuple):
    """A reaction card's code (timings cancel, roll, dice, any; copy), built by its
    `Card.hooks`: what is specific to it, while the windows, the prompt loop, the roll
    and dice modifiers and Copier's copies stay generic in game.systems.cards (an own
    card, own_roll or tribute, may give its prompt `words` the same way). Every hook may
    be None: the generic rule of its timing then holds.
    Engine: usable(m, name, window, subject) -> whether its holder `name` may play it in
    `window` ("cancel", "roll", "dice") on `subject` (the declared action, the roll or
    the placement dice) beyond its timing (None: whenever its timing allows);
    fits(purpose, chart, attacked) -> which rolls it answers: a roll card's `value` goes
    on an opponent's `purpose` roll on `chart` (`attacked`: its holder is the one
    attacked; game.rule_maths.hostile_modifiers), a dice card's on placement dice rolled
    for `purpose` (None: any); params(m, window, subject) -> its answers' parameter
    dicts (None: one answer, no parameters); value(answer) -> the modifier an answer
    adds (None: the card's `value`); cancel(m, name, act, answer, event) -> its effect
    on the declared action `act`, emitting its "card" event: True when the action is
    cancelled (None: it is); words(m, name, window, subject, play) -> its option in the
    prompt (`play`: "play X" or "play Copier as X"; None: `play`); when() -> when it is
    played, for the rules and refusals (None: its timing's words).
    AI: keep -> the coins its holder gives up by using it now rather than later this
    round (None: the AI's default); model(pos, actor, target, answer, happen, ai) ->
    [(probability, child)] after it is played on the declared action of `actor`
    against `target` (cancel cards; `happen(pos)` gives the action's outcomes from a
    position; `ai` is the search's ModelTools; None: the action does not happen)."""

    usable: Callable | None = None
    fits: Callable | None = None
    params: Callable | None = None
    value: Callable | None = None
    cancel: Callable | None = None
    words: Callable | None = None
    when: Callable | None = None
    keep: float | None = None
    model: Callable | None = None


class AlwaysHooks(NamedTuple):
    """A place's standing ability while held (`Place.always`): Baba Yaga's Hut's claim
    reach, Citadel of Torture's double claim, Darkheart Cottage's steal reach. The
    engine's Claim and Steal for the thief and the AI's search ask them for the holder
    only; every hook point is None when the place has none.
    Engine: reach(m, name) -> the pieces [(ent, Footprint)] one Claim may take beyond
    those next to the holder; far(m, name, ent) -> the refusal of a Claim out of every
    reach, naming the place; pairs(m, name, unclaimed_only) -> Claim answers taking two
    settlements at once ({"do": "claim", "at", "also"}; asked while its power is unused);
    pair_check(m, name, answer) -> reason or None for such an answer (declaring one
    spends the place's power, R36); steal_far -> True when its holder's Steal for the
    thief reaches any dragon's cavern.
    AI (game.ai.search): model_reach(pos, me, near) -> more top-lefts one Claim may
    take; model_pairs(pos, me, near) -> ("claim2", tl, tl2) actions (asked while its
    power is unused; their outcome marks it used)."""

    reach: Callable | None = None
    far: Callable | None = None
    pairs: Callable | None = None
    pair_check: Callable | None = None
    steal_far: bool = False
    model_reach: Callable | None = None
    model_pairs: Callable | None = None
