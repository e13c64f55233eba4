"""Pending rolls and reaction windows (R40).

A rolled action is resolved as a chain of frames on the match's stack (P11):

    declare (cost paid, `action` event)                      game.systems.actions
      -> cancel window: other dragons, turn order after the actor      `react`
      -> for each roll of the action, a `roll` frame:
           pre-roll: the roller's own modifiers, asked until it passes  `modify`
           the die (the only step that uses the dice)
           post-roll window: every dragon, turn order after the actor,
             the actor last                                             `react`
           the total (clamped, R30) is recorded as one `roll` event
      -> the result applies                                    the rule's resolve

A `roll` frame is plain JSON: {"step": "roll", "purpose", "dragon" (the roller),
"actor", "chart" (a game.tables.CHARTS name, or null for attack), "ctx" (facts passed
to lookups.modifiers), "stage" ("pre" | "roll" | "post"), "face", "mods" ([[source,
value]], in the order applied), "i" (the post window's next asker)}. On finishing it
pops itself and appends {"purpose", "dragon", "face", "total", "chart"} to the
`results` list of the frame beneath it (the declared action, or the tribute step),
with "extras" (Sheriff, Mayor) when cards added any.

Placement rolls of the Populate phase (settlement, place of power, chest) go through
`roll_dice`: when some dragon holds a usable card (Pro-creator, Trickster, Copier of
them) a `dice` frame {"purpose", "dice": [{"name", "purpose", "die", "face", "mods"}],
"order", "i"} asks them in this round's turn order (P25, P26) before the dice count.

Only dragons with something usable are asked. The sources of options (places of power
in game.systems.powers, cards in game.systems.cards) are listed below; a decision's
legal answers expand each option (a card's target or die) and end with passing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from game import lookups, rule_maths
from game.decisions import Decision, DecisionStep, IllegalAnswer
from game.systems import cards, powers, prompts
from game.systems.base import die_total
from game.systems.turn_order import turn_order
from game.tables import (
    CANCEL_CARDS,
    CANCEL_POWERS,
    CARD_TITLES,
    CARDS,
    CHARTS,
    PLACE_TITLES,
    chart_row,
    row_label,
)
from game.words import CardName, DragonName, PlaceName, RollName, Words, either

if TYPE_CHECKING:
    from game.json_shapes import Frame
    from game.match import Match

# (m, dragon, frame) -> option names that dragon may use now.
OWN_SOURCES = (powers.own_options, cards.own_options)  # frame: the pending roll (roller)
CANCEL_SOURCES = (powers.cancel_options, cards.cancel_options)  # frame: the declared `act`
ROLL_SOURCES = (powers.roll_options, cards.roll_options)  # frame: the roll, die rolled
DICE_SOURCES = (cards.dice_options,)  # frame: placement dice just rolled (`dice`)
# option -> apply(m, dragon, frame, answer): marks it used and changes the frame.
APPLY = {**powers.REACTIONS, **{card: cards.play for card in CARDS}}

HOOK_PURPOSE = {"defend": "attack"}  # lookups.modifiers sees both attack rolls as "attack"
PASS = {"pass": True}


def options(sources, m, name: str, frame: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for source in sources:
        found = source(m, name, frame)
        if found:
            out.extend(found)
    return out


def window_order(m: Match, actor: str, include_actor: bool) -> list[str]:
    """R40: turn order starting after the acting dragon (the actor last, if included)."""
    order = m.order if actor in m.order else m.seat_names
    i = order.index(actor)
    out = order[i + 1:] + order[:i]
    return out + [actor] if include_actor else out


def ask_window(m: Match, frame: Frame, window: str, actor: str | None, sources,
               about: Callable[[], dict], askable: Collection[str],
               order: list[str] | None = None) -> bool:
    """Push a `react` decision for the next dragon of the window, from frame["i"], who
    has a usable option; False when nobody is left to ask. A dragon that reacts is asked
    again while it still has options (P12); a pass moves on. Only the dragons in
    `askable` (all who hold something the window's sources could offer) have their
    options listed: the others have none. `about()` builds the decision's context when
    someone is asked. `order` overrides the turn order after the actor (placement rolls
    have no actor, P26)."""
    if order is None:
        assert actor is not None  # only placement dice have no actor, and pass `order`
        order = window_order(m, actor, include_actor=(window == "roll"))
    i = frame["i"]
    while i < len(order):
        name = order[i]
        if name in askable:
            opts = options(sources, m, name, frame)
            if opts:
                frame["i"] = i
                m.stack.append({"step": "react", "dragon": name, "window": window,
                                "options": opts, "about": about()})
                return True
        i += 1
    frame["i"] = i
    return False


# Actions that some power or card can cancel (R37, R38); no window is opened for others.
CANCELLABLE = frozenset(CANCEL_POWERS.values()) | {do for dos in CANCEL_CARDS.values()
                                                    for do in dos}
NONE: frozenset[str] = frozenset()


# Whom each window may ask, a cheap over-estimate from the hands and the place holders
# (tests/test_cards.py checks that every dragon left out has no option to offer).
def cancellers(m: Match, act: Frame) -> Collection[str]:
    """A cancel window over the declared `act`: the holders of a card that cancels it
    (or of Copier, one such card played) and of an unused place whose power does."""
    do = act["do"]
    if do not in CANCELLABLE:
        return NONE
    found = cards.holders_of(m, cards.CANCELLERS.get(do, NONE))
    kinds = powers.CANCELLING.get(do)
    return found | powers.ready_holders(m, kinds) if kinds else found


def roll_reactors(m: Match, roll: Frame) -> Collection[str]:
    """A post-roll window: the holders of a card that may modify this roll (or Copier)
    and of an unused place whose power may."""
    usable, kinds = _roll_sources(roll["purpose"], roll["chart"])
    found = cards.holders_of(m, usable)
    return found | powers.ready_holders(m, kinds) if kinds else found


@cache
def _roll_sources(purpose: str, chart: str | None) -> tuple[frozenset[str], tuple[str, ...]]:
    """The cards and the places whose power may answer a `purpose` roll on `chart`
    (Blade Miller: destroy rolls only), looked up once per kind of roll (remembered)."""
    return cards.roll_cards(purpose, chart), powers.roll_powers(purpose, chart)


def dice_holders(m: Match, purpose: str) -> Collection[str]:
    """A placement-dice window for `purpose`: the holders of Trickster, of Pro-creator
    on a settlement's dice, or of Copier with one of them played."""
    return cards.holders_of(m, cards.dice_cards(purpose))


def cancel_window(m: Match, act: Frame) -> bool:
    askable = cancellers(m, act)
    if not askable:  # nobody could be asked: skip the window's walk
        # (the walk's end: everyone but the actor, as window_order lists them)
        act["i"] = (len(m.order) if act["dragon"] in m.order else len(m.seat_names)) - 1
        return False
    return ask_window(m, act, "cancel", act["dragon"], CANCEL_SOURCES,
                      lambda: {"dragon": act["dragon"], "answer": act["answer"]}, askable)


# ----- placement dice (R38 Pro-creator and Trickster on Populate rolls, P25, P26) --------
def roll_dice(m: Match, owner: dict, purpose: str, dice) -> list[int] | None:
    """Roll the location or kind dice of a Populate step for the frame `owner`, given as
    (name, purpose, sides) per die ("col"/"row", or None for a single die). Returns the
    dice's totals, or None while a `dice` window above `owner` asks a card holder; the
    step then runs again and gets the totals left by the window in owner["results"].
    Nobody holding a usable card -> no window, and the events are those of plain rolls."""
    if "results" in owner:
        return owner.pop("results")
    faces = [m.dice.roll(sides) for _n, _p, sides in dice]
    askable = dice_holders(m, purpose)
    if not askable:  # most placement rolls: plain rolls, each total its face (no mods)
        for (_n, p, sides), face in zip(dice, faces, strict=True):
            m.log({"type": "roll", "purpose": p, "dragon": None, "die": sides, "face": face,
                   "mods": [], "total": face, "row": None})
        return faces
    rolled = [{"name": n, "purpose": p, "die": sides, "face": face, "mods": []}
              for (n, p, sides), face in zip(dice, faces, strict=True)]
    frame: Frame = {"step": "dice", "purpose": purpose, "dice": rolled, "i": 0,
                    "order": turn_order(m)}  # this round's order: populate cannot change it
    m.stack.append(frame)
    if _dice_window(m, frame, askable):
        return None
    m.stack.pop()
    return _finish_dice(m, rolled)


def _dice_window(m: Match, f: Frame, askable: Collection[str]) -> bool:
    def about() -> dict:
        return {"purpose": f["purpose"],
                "dice": [{"name": d["name"], "face": d["face"],
                          "mods": [list(x) for x in d["mods"]]} for d in f["dice"]]}
    return ask_window(m, f, "dice", None, DICE_SOURCES, about, askable, order=f["order"])


def run_dice(m: Match, f: Frame) -> None:
    if _dice_window(m, f, dice_holders(m, f["purpose"])):
        return
    m.stack.pop()
    m.stack[-1]["results"] = _finish_dice(m, f["dice"])


def _finish_dice(m: Match, dice: list[dict]) -> list[int]:
    out = []
    for d in dice:
        total = die_total(d)
        m.log({"type": "roll", "purpose": d["purpose"], "dragon": None, "die": d["die"],
               "face": d["face"], "mods": [list(x) for x in d["mods"]], "total": total,
               "row": None})
        out.append(total)
    return out


def location(m: Match, owner: dict, purpose: str) -> tuple[int, int] | None:
    """R3 location roll (column die, then row die) through `roll_dice`: the 0-based cell,
    or None while a window asks."""
    got = roll_dice(m, owner, purpose, _location_dice(purpose, m.board.width, m.board.height))
    return None if got is None else (got[0] - 1, got[1] - 1)


@cache
def _location_dice(purpose: str, width: int, height: int) -> tuple[tuple[str, str, int], ...]:
    """roll_dice's (name, purpose, sides) of a location roll: a few per game, remembered
    (a placement rolls one at most decisions)."""
    return (("col", purpose + "_col", width), ("row", purpose + "_row", height))


# ----- the pending roll ------------------------------------------------------------------
def roll_spec(purpose: str, dragon: str, chart: str | None, **ctx) -> dict:
    return {"purpose": purpose, "dragon": dragon, "chart": chart, "ctx": ctx}


def push_roll(m: Match, spec: dict, actor: str) -> None:
    m.stack.append({"step": "roll", **spec, "actor": actor, "stage": "pre", "face": None,
                    "mods": [], "i": 0})


def run_roll(m: Match, f: Frame) -> None:
    stage = f["stage"]
    if stage == "pre":
        roller = f["dragon"]
        # options(OWN_SOURCES, ...), its two sources called directly (before every roll)
        opts = powers.own_options(m, roller, f) + cards.own_options(m, roller, f)
        if opts:
            m.stack.append({"step": "modify", "dragon": roller, "purpose": f["purpose"],
                            "options": opts})
            return
        stage = f["stage"] = "roll"
    if stage == "roll":
        purpose = f["purpose"]
        standing = lookups.modifiers(m, HOOK_PURPOSE.get(purpose, purpose), f["dragon"],
                                   **f["ctx"])
        if standing:  # (none in the core game)
            f["mods"][:0] = [list(x) for x in standing]
        f["face"] = m.dice.roll(20)
        f["stage"] = "post"
    askable = roll_reactors(m, f)
    if askable and ask_window(m, f, "roll", f["actor"], ROLL_SOURCES, lambda: {
            "purpose": f["purpose"], "dragon": f["dragon"], "face": f["face"],
            "mods": [list(x) for x in f["mods"]]}, askable):
        return
    _finish(m, f)  # (nobody could be asked: no walk of the window, which asks nothing)


@cache
def _on_chart(chart: str, total: int) -> tuple[int, str]:
    """A chart roll's clamped total and the label of its row (R30); a pure function of
    the two, remembered (a few dozen pairs in a game) rather than worked out per roll."""
    total = rule_maths.clamp(chart, total)
    return total, row_label(rule_maths.row_of(chart, total))


def _finish(m: Match, f: Frame) -> None:
    face, mods, chart = f["face"], f["mods"], f["chart"]
    if mods:
        total = face + sum(v for _, v in mods)
        copied = [list(x) for x in mods]
    else:  # most rolls: nobody modified it
        total = face
        copied = []
    label = None
    if chart is not None:  # R30: chart rolls are clamped; attack rolls are not
        total, label = _on_chart(chart, total)
    m.log({"type": "roll", "purpose": f["purpose"], "dragon": f["dragon"], "die": 20,
           "face": face, "mods": copied, "total": total, "row": label})
    m.stack.pop()
    result = {"purpose": f["purpose"], "dragon": f["dragon"], "face": face, "total": total,
              "chart": chart}
    if f.get("extras"):  # Sheriff, Mayor: bonuses the tribute score applies (R31)
        result["extras"] = list(f["extras"])
    m.stack[-1]["results"].append(result)


def result_row(result: dict):
    """The chart row a finished roll landed on."""
    return chart_row(CHARTS[result["chart"]][0], result["total"])


# ----- the two decisions: `modify` (own, before the roll) and `react` ------------------
def option_names(opts) -> str:
    return either([PlaceName(o) if o in PLACE_TITLES else CardName(o) for o in opts])


def _answers(m: Match, f: dict) -> list[dict]:
    """Legal answers of a `modify`/`react` frame: each option expanded (a card's target
    or die), then passing. The frame beneath is the decision's subject."""
    subject = m.stack[-2]
    key = "power" if f["step"] == "modify" else "react"
    out = []
    for o in f["options"]:
        if o in CARD_TITLES:
            out.extend(cards.answers(m, f["dragon"], o, subject))
        else:
            out.append({key: o})
    out.append(dict(PASS))
    return out


def _answer(m: Match, f: dict, answer: dict) -> None:
    name = f["dragon"]
    modify = f["step"] == "modify"
    named = next((k for k in ("play", "react", "power") if k in answer), None)
    if named is None and answer.get("pass") is True:
        m.stack.pop()
        if modify:
            m.stack[-1]["stage"] = "roll"
        else:
            m.stack[-1]["i"] += 1
        return
    legal = _answers(m, f)
    if named is not None and answer in legal:
        chosen = legal[legal.index(answer)]  # the engine's own copy: exact JSON types
        m.stack.pop()
        # The same dragon is asked again if it still has an option (P12).
        APPLY[chosen[named]](m, name, m.stack[-1], chosen)
        return
    raise IllegalAnswer(_refusal(m, f, answer, named))


def _refusal(m: Match, f: dict, answer: dict, named: str | None) -> str:
    name = f["dragon"]
    opts = f["options"]
    keys = ["power", "play"] if f["step"] == "modify" else ["react"]
    how = " or ".join(f'{{"{k}": ...}}' for k in keys)
    # TRANSLATORS: {how} and {passing} are JSON answers kept as is; {options} places/cards
    tail = Words("answer {how} with {options}, or {passing}", how=how,
                 options=option_names(opts), passing='{"pass": true}')
    if named is None:
        # TRANSLATORS: {tail} is "answer ... with ..., or ..." (what the dragon may answer)
        return Words("{dragon} may {tail}", dragon=DragonName(name), tail=tail)
    value = answer[named]
    if isinstance(value, str) and value in CARD_TITLES:
        why = cards.refusal(m, name, value, answer, m.stack[-2])
    elif isinstance(value, str) and value in PLACE_TITLES:
        place = PlaceName(value)
        if value in opts:  # the right power under the wrong key
            # TRANSLATORS: {shape} is a JSON answer such as {"power": "soul_mine"}
            why = Words("{place} is used here with {shape}", place=place,
                        shape=f'{{"{keys[0]}": "{value}"}}')
        else:
            why = powers.holder_reason(m, name, value) or (
                Words("{place} does not modify {dragon}'s {roll}", place=place,
                      dragon=DragonName(name), roll=RollName(f["purpose"]))
                if f["step"] == "modify" else
                Words("{place} cannot answer this now", place=place))
    else:
        # TRANSLATORS: {name} is what the answer sent, quoted as is
        why = Words("{name} is not something {dragon} can use here", name=repr(value),
                    dragon=DragonName(name))
    # TRANSLATORS: a refusal ({why}), then what may be answered instead ({tail})
    return Words("{why}; {tail}", why=why, tail=tail)


def _ask_modify(m: Match, f) -> Decision:
    name = f["dragon"]
    return Decision(name, "modify", prompts.modify(m, name, m.stack[-2], f["options"]),
                    {"purpose": f["purpose"], "options": list(f["options"])})


def _ask_react(m: Match, f) -> Decision:
    name = f["dragon"]
    about = f["about"]
    window = f["window"]
    if window == "cancel":
        context = {"window": "cancel", "action": {"dragon": about["dragon"],
                                                  **_plain(about["answer"])}}
    elif window == "roll":
        context = {"window": "roll", "roll": dict(about)}
    else:
        context = {"window": "dice", "dice": dict(about)}
    return Decision(name, "react", prompts.react(m, name, window, m.stack[-2], f["options"]),
                    {**context, "options": list(f["options"])})


def _plain(answer: dict) -> dict:
    """An action answer for the react context; its target dragon is named `target` so
    it cannot be confused with the actor."""
    out = dict(answer)
    if "dragon" in out:
        out["target"] = out.pop("dragon")
    return out


MODIFY = DecisionStep(_ask_modify, _answers, _answer)
REACT = DecisionStep(_ask_react, _answers, _answer)
