"""The flow stack a restored game may hold: only stacks the engine itself builds.

A stored game waits at a decision, so its stack (game.match, bottom first) is one of a
few shapes, learned from the engine's code and checked against every snapshot of many
seeded random games (tests/test_flow_checks.py):

    populate  end_check tribute_phase action_phase chest_move, then one of
              place_of_power settlement(k=n-1 .. j)* [dice react]  (dice: the top one's)
              choose_place | place_location dice react | dice react  (the chest's dice)
    action    end_check tribute_phase turns action [act [react | roll (modify | react)]]
    tribute   end_check tribute (lose_claim | roll (modify | react))
    finished  nothing

Each frame holds exactly the fields its step writes, of the types and ranges the game
uses (dragons of this game, counters within the seats, d20 faces and the board's dice),
and agrees with the frames around it (a roll is the next one its action declared, a
reaction is asked of the dragon whose turn in the window it is). `problem` names the
first way a stack is not one of these, in plain words (P45, issue 29.6); the check
is linear in a stack of at most 15 frames.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import registry
from game.tables import (
    ACTION_COST,
    CANCEL_CARDS,
    CANCEL_POWERS,
    CARD_STEP,
    CARDS,
    CHARTS,
    COPIER,
    DRAGONS,
    OWN_ROLL_CARDS,
    OWN_ROLL_POWERS,
    PLACE_LOCATION_TRIES,
    PLACES,
    TRIBUTE,
    TRIBUTE_CARDS,
    chart_row,
)

VERSION = 1  # bump when these checks change: the saves listing's index is rechecked
PREFIX = "the saved decision stack is not one the game can reach: "
# Which step may sit directly on which (None: the bottom of the stack).
ABOVE: dict[str | None, tuple[str, ...]] = {
    None: ("end_check",),
    "end_check": ("tribute_phase", "tribute"),
    "tribute_phase": ("action_phase", "turns"),
    "action_phase": ("chest_move",),
    "chest_move": ("place_of_power", "place_location", "choose_place", "dice"),
    "place_of_power": ("settlement", "dice"),
    "settlement": ("settlement", "dice"),
    "place_location": ("dice",),
    "dice": ("react",),
    "turns": ("action",),
    "action": ("act",),
    "act": ("react", "roll"),
    "roll": ("modify", "react"),
    "tribute": ("roll", "lose_claim"),
}
DECISIONS = frozenset({"action", "choose_place", "lose_claim", "modify", "react"})
# The phase each stack shape belongs to (the step that tells them apart).
PHASE_OF = {"action_phase": "populate", "turns": "action", "tribute": "tribute"}
# The steps words name them by.
WORDS = {"end_check": "end-of-round check", "tribute_phase": "tribute phase",
         "action_phase": "action phase", "chest_move": "chest move",
         "place_of_power": "place-of-power roll", "place_location": "place placement",
         "choose_place": "place choice", "settlement": "settlement roll",
         "dice": "placement dice", "react": "reaction", "turns": "turn order",
         "action": "action decision", "act": "action frame", "roll": "pending roll",
         "modify": "roll modifier", "tribute": "tribute", "lose_claim": "lost claim"}
# The built-in actions' rolls, each checked to the field (_roll_specs): attack (and its
# defence), destroy, and the thefts on the Steal chart.
STEALS = ("steal_cavern", "steal_chest", "steal_for_thief")
BUILT_IN_ROLLS = ("attack", "destroy", *STEALS)
ROLL_PURPOSES = {"attack": (None,), "defend": (None,), "steal": ("steal",),
                 "tribute": ("tribute",),
                 "destroy": tuple(c for c in CHARTS if c.startswith("destroy_"))}
# Any other registered action that rolls rolls for its own key on its spec's charts.
ROLL_PURPOSES |= {a.key: a.charts for a in registry.actions()
                  if a.charts and a.key not in BUILT_IN_ROLLS and a.key not in ROLL_PURPOSES}
# Actions that stay on the stack past their declaration: a cancel window or rolls
# (from the registered actions' rules and what the places and cards cancel).
CANCELLABLE = frozenset(CANCEL_POWERS.values()) | {do for dos in CANCEL_CARDS.values()
                                                    for do in dos}
OPTIONS = frozenset(PLACES) | frozenset(CARDS)
OWN_OPTIONS = (frozenset(OWN_ROLL_POWERS) | frozenset(OWN_ROLL_CARDS)
               | frozenset(TRIBUTE_CARDS) | {COPIER})
DICE_MODS = frozenset(c.key for c in registry.cards() if c.timing in ("dice", "any")) | {COPIER}
FIELD_WORDS = {"i": "counter", "tries": "count of tries", "roll": "roll"}
MAX_TRIES = 1000  # populate's CHEST_REROLLS and PLACE_REROLLS
MAX_MODS = 8      # modifiers on one roll: a few powers and cards at most


def rolled() -> frozenset[str]:
    """The registered actions that roll (their rule declares rolls)."""
    global _ROLLED
    if _ROLLED is None:
        from game.systems.actions import RULES  # noqa: PLC0415 (the rules import the engine)
        _ROLLED = frozenset(k for k, rule in RULES.items() if rule.rolls is not None)
    return _ROLLED


def windowed() -> frozenset[str]:
    """The actions whose frame stays on the stack: a cancel window or rolls."""
    return rolled() | (CANCELLABLE & frozenset(ACTION_COST))


_ROLLED: frozenset[str] | None = None


class Bad(Exception):
    """One thing wrong with the stack; str() is the words (without PREFIX)."""


class Game:
    """The facts of the restored game a frame is checked against."""

    def __init__(self, *, seats: list[str], order: list, turn, phase, actions_left,
                 width: int, height: int, placed: set, round_no=1, round_cap=None):
        self.seats = seats
        self.order = order
        self.turn = turn
        self.phase = phase
        self.actions_left = actions_left
        self.width = width
        self.height = height
        self.placed = placed  # kinds of the places of power on the board
        self.round = round_no
        self.round_cap = round_cap  # None: not checked


def problem(stack, game: Game, finished: bool) -> str | None:
    """The first way `stack` is not a stack the engine builds, in words; None if sound."""
    try:
        _check(stack, game, finished)
    except Bad as exc:
        return PREFIX + str(exc)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
        # a value of a kind no check above expected (text and numbers mixed in a list)
        return PREFIX + "a step holds a value of the wrong kind"
    return None


def problem_in(doc: dict, width: int, height: int) -> str | None:
    """problem() of a full state document (a snapshot), for tests and tools."""
    game = Game(seats=sorted(doc["dragons"], key=lambda n: doc["dragons"][n]["seat"]),
                order=doc["order"], turn=doc["turn"], phase=doc["phase"],
                actions_left=doc["actions_left"], width=width, height=height,
                placed={p["kind"] for p in doc["places"]}, round_no=doc["round"],
                round_cap=doc["options"]["round_cap"])
    return problem(doc["stack"], game, doc["finished"])


def disagreement(m) -> str | None:
    """What the top decision offers against what the rules offer in this position (a
    stack that passed problem(), on its rebuilt match): a reaction's or modifier's
    options, the place chooser, the claims one may lose. The engine lists them when it
    asks and nothing changes before the answer, so a stored list that differs was
    written by hand (a card offered to a dragon who does not hold it)."""
    from game import lookups  # noqa: PLC0415 (the rules import this module's importers)
    from game.systems import actions, rolls, tribute  # noqa: PLC0415
    from game.systems.turn_order import turn_order  # noqa: PLC0415

    stack = m.stack
    top = stack[-1] if stack else None
    if top is None or top["step"] == "action":
        return None
    act = stack[4] if len(stack) > 4 and stack[4]["step"] == "act" else None
    if act is not None and act["do"] != "robber":
        # Declared legal, and nothing before its result changes what its rule checks
        # (Citadel's second claim aside: its power is spent at the declaration).
        plain = {k: v for k, v in act["answer"].items() if k != "also"}
        if actions.RULES[act["do"]].check(m, act["dragon"], plain) is not None:
            return PREFIX + "the declared action is not one its dragon could take here"
    step = top["step"]
    if step == "modify":
        roll = stack[-2]
        want = rolls.options(rolls.OWN_SOURCES, m, top["dragon"], roll)
    elif step == "react":
        sources = {"cancel": rolls.CANCEL_SOURCES, "roll": rolls.ROLL_SOURCES,
                   "dice": rolls.DICE_SOURCES}[top["window"]]
        # placement dice ask in this round's turn order (P26), which Populate cannot change
        if top["window"] == "dice" and stack[-2]["order"] != turn_order(m):
            return PREFIX + "placement dice asking in an order other than this round's"
        want = rolls.options(sources, m, top["dragon"], stack[-2])
    elif step == "choose_place":
        if top["dragon"] != lookups.poorest(m):
            return PREFIX + "the place of power is chosen by a dragon other than the poorest"
        return None
    else:  # lose_claim
        name = top["dragon"]
        if top["choices"] != tribute.loss_choices(m, name, tribute.claims_of(m, name)):
            return PREFIX + "the claims offered to lose are not that dragon's far claims"
        return None
    if top["options"] != want:
        return (PREFIX + f"{_who(top['dragon'])} is offered {_short(top['options'])}, "
                "which are not the powers and cards it can use here")
    return None


# ----- the shape ------------------------------------------------------------------------
def _check(stack, game: Game, finished: bool) -> None:
    if not isinstance(stack, list):
        raise Bad("it is not a list of steps")
    if finished:
        if stack:
            raise Bad("a finished game still has steps to run")
        return
    if not stack:
        raise Bad("an unfinished game has no steps left")
    if len(stack) > 7 + len(game.seats):  # the deepest: populate's, one roll per seat
        raise Bad(f"{len(stack)} steps deep, deeper than any game of "
                  f"{len(game.seats)} dragons goes")
    below = None
    for frame in stack:
        if not isinstance(frame, dict):
            raise Bad("a step is not an object")
        step = frame.get("step")
        if step in ("round", "draw_phase", "populate_phase"):
            raise Bad(f"a {step!r} step, which runs at once and never waits in a saved game")
        if step not in WORDS:
            raise Bad(f"a step of unknown kind {_short(step)}")
        if step not in ABOVE[below]:
            raise Bad(f"{_a(WORDS[step])} step cannot come right after "
                      f"{'the start' if below is None else _a(WORDS[below]) + ' step'}")
        below = step
    cap = game.round_cap
    if not (type(game.round) is int and game.round >= 1
            and (cap is None or (type(cap) is int and game.round <= cap))):
        # the end check ends the game at the round cap (R34): no later round is played
        raise Bad(f"round {_short(game.round)} is not one the game plays (rounds 1 to "
                  f"{_short(cap)})")
    top: str = stack[-1]["step"]
    if top not in DECISIONS:
        raise Bad(f"the top step, {_a(WORDS[top])}, waits for no decision "
                  f"({_a(WORDS[top])} without its decision)")
    kind: str = stack[1]["step"] if stack[1]["step"] != "tribute_phase" else stack[2]["step"]
    phase = PHASE_OF[kind]
    if game.phase != phase:
        raise Bad(f"its steps are those of the {phase} phase, but the game is in phase "
                  f"{_short(game.phase)}")
    _check_order(game, phase)
    for i, frame in enumerate(stack):
        FIELDS[frame["step"]](frame, stack, i, game)


def _check_order(game: Game, phase: str) -> None:
    order, seats = game.order, game.seats
    # (the order is set at the first action phase: empty until then)
    first = phase == "populate" and game.round == 1
    if not (order == [] and first) and sorted(order) != sorted(seats):
        raise Bad("the turn order does not list every dragon of the game once")
    if phase == "action":
        if game.turn not in seats:
            raise Bad("it is the action phase but nobody's turn")
    elif game.turn is not None or game.actions_left != 0:
        raise Bad(f"it is the {phase} phase, yet a dragon has a turn with actions left")


# ----- the fields of each step ----------------------------------------------------------
def _fields(frame: dict, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    step = WORDS[frame["step"]]
    for key in required:
        if key not in frame:
            raise Bad(f"{_a(step)} step without its '{key}'")
    for key in frame:
        if key != "step" and key not in required and key not in optional:
            raise Bad(f"{_a(step)} step with a field the game never writes ({_short(key)})")


def _int(frame: dict, key: str, low: int, high: int) -> int:
    value = frame[key]
    if type(value) is not int or not low <= value <= high:
        raise Bad(f"{_a(WORDS[frame['step']])} step's {FIELD_WORDS.get(key, repr(key))} must "
                  f"be a whole number from {low} to {high}, not {_short(value)}")
    return value


def _dragon(frame: dict, key: str, game: Game, what: str = "") -> str:
    value = frame[key] if not what else key
    if not (isinstance(value, str) and value in game.seats):
        raise Bad(f"{_a(WORDS[frame['step']])} step names {_who(value)}"
                  f"{' as ' + what if what else ''}, who is not in this game")
    return value


def _cell(value, game: Game, what: str) -> None:
    if not (type(value) is list and len(value) == 2 and type(value[0]) is int
            and type(value[1]) is int and 0 <= value[0] < game.width
            and 0 <= value[1] < game.height):
        raise Bad(f"{what} {_short(value)} is not a cell of the {game.width}x{game.height} "
                  "board")


def _names(frame: dict, key: str, allowed: frozenset) -> list:
    value = frame[key]
    if not (type(value) is list and value and all(isinstance(v, str) and v in allowed
                                                  for v in value)
            and len(set(value)) == len(value)):
        raise Bad(f"{_a(WORDS[frame['step']])} step's '{key}' is not a list of powers or "
                  f"cards it could offer: {_short(value)}")
    return value


def _above(stack: list, i: int) -> str | None:
    return stack[i + 1]["step"] if i + 1 < len(stack) else None


def _bare(frame, stack, i, game) -> None:
    _fields(frame, ())


def _tries(limit: int):
    def check(frame, stack, i, game) -> None:
        _fields(frame, (), ("tries",))
        if "tries" in frame:
            _int(frame, "tries", 0, limit - 1)
    return check


def _place_of_power(frame, stack, i, game) -> None:
    _tries(MAX_TRIES)(frame, stack, i, game)
    # pushed every round, it pops itself when the supply is empty: only its own roll
    # (dice above it) needs a place left
    if _above(stack, i) == "dice" and len(game.placed) == len(PLACES):
        raise Bad("a place of power is rolled for, but every place is on the board")


def _settlement(frame, stack, i, game) -> None:
    _fields(frame, ("k",))
    # pushed k = n-1 (bottom) to 0 (top, rolled first); each pops when rolled
    want = len(game.seats) - 1 if stack[i - 1]["step"] != "settlement" else stack[i - 1]["k"] - 1
    if frame["k"] != want or type(frame["k"]) is not int or want < 0:
        raise Bad(f"settlement roll {_short(frame['k'])} is out of turn (the rolls left "
                  f"count down from {len(game.seats) - 1}, one per dragon)")


def _place_location(frame, stack, i, game) -> None:
    _fields(frame, ("place",), ("tries",))
    if frame["place"] not in PLACES or frame["place"] in game.placed:
        raise Bad(f"the place to be placed, {_short(frame['place'])}, is not a place of power "
                  "left in the supply")
    if "tries" in frame:
        _int(frame, "tries", 0, PLACE_LOCATION_TRIES - 1)


def _choose_place(frame, stack, i, game) -> None:
    _fields(frame, ("dragon",))
    _dragon(frame, "dragon", game)
    if len(PLACES) - len(game.placed) < 2:
        raise Bad("a dragon is to choose a place of power, but the supply holds "
                  "fewer than two")


DICE_PURPOSE = {"settlement": "settlement", "place_of_power": "place_of_power",
                "place_location": "place_location", "chest_move": "chest"}


def _dice(frame, stack, i, game) -> None:
    _fields(frame, ("purpose", "dice", "i", "order"))
    purpose = DICE_PURPOSE[stack[i - 1]["step"]]
    if frame["purpose"] != purpose:
        raise Bad(f"placement dice for {_short(frame['purpose'])} over the {purpose} roll")
    want: list[tuple[str | None, str, int]]
    if purpose == "place_of_power":
        want = [(None, "place_of_power", 20)]
    else:
        want = [("col", purpose + "_col", game.width), ("row", purpose + "_row", game.height)]
    dice = frame["dice"]
    if not (type(dice) is list and len(dice) == len(want)):
        raise Bad(f"the {purpose} roll must have {len(want)} placement dice")
    for d, (name, die_purpose, sides) in zip(dice, want, strict=True):
        if not (type(d) is dict and set(d) == {"name", "purpose", "die", "face", "mods"}
                and d["name"] == name and d["purpose"] == die_purpose):
            raise Bad(f"a placement die of the {purpose} roll is not one the game rolls: "
                      f"{_short(d)}")
        if type(d["die"]) is not int or d["die"] != sides:
            raise Bad(f"the {purpose} roll uses a d{sides}, not a d{_short(d['die'])}")
        face = d["face"]
        if type(face) is not int or not 1 <= face <= sides:
            raise Bad(f"a d{sides} cannot show {_short(face)}")
        _mods(d["mods"], DICE_MODS, (CARD_STEP, -CARD_STEP), "a placement die")
    order = frame["order"]
    if not (type(order) is list and sorted(map(str, order)) == sorted(game.seats)
            and all(isinstance(n, str) for n in order)):
        raise Bad("placement dice whose order does not list every dragon once")
    asked = _int(frame, "i", 0, len(order) - 1)
    react = stack[i + 1]
    if react.get("dragon") != order[asked]:
        raise Bad(f"{_who(react.get('dragon'))} is asked about the placement dice out of "
                  "turn")
    if react.get("about") != {"purpose": purpose, "dice": [
            {"name": d["name"], "face": d["face"], "mods": d["mods"]} for d in dice]}:
        raise Bad("a reaction to placement dice that are not the ones rolled")


def _mods(mods, sources: frozenset, values, what: str) -> None:
    if not (type(mods) is list and len(mods) <= MAX_MODS and all(
            type(x) is list and len(x) == 2 and x[0] in sources and type(x[1]) is int
            and (x[1] in values if values else -10 <= x[1] <= 10) for x in mods)):
        raise Bad(f"{what} carries modifiers the game never applies: {_short(mods)}")


def _turns(frame, stack, i, game) -> None:
    _fields(frame, ("i",))
    n = _int(frame, "i", 1, len(game.seats))
    if n > len(game.order) or game.order[n - 1] != game.turn:
        raise Bad(f"the turn order's counter ({n}) does not point at the dragon whose turn "
                  "it is")


def _action(frame, stack, i, game) -> None:
    _fields(frame, ("dragon",))
    if frame["dragon"] != game.turn:
        raise Bad(f"the action decision is {_who(frame['dragon'])}'s, but it is "
                  f"{_who(game.turn)}'s turn")
    if type(game.actions_left) is not int:
        raise Bad("the actions left are not a number")
    if _above(stack, i) is None and game.actions_left < 1:
        raise Bad("an action decision with no actions left")


def _act(frame, stack, i, game) -> None:
    robber = frame.get("do") == "robber"
    stage = frame.get("stage")
    above = _above(stack, i)
    optional = ("card",) if robber else ("rolls", "results") if stage == "rolls" else ()
    _fields(frame, ("dragon", "do", "answer", "stage", "i") + optional)
    actor = _dragon(frame, "dragon", game)
    if actor != game.turn:
        raise Bad(f"an action frame of {_who(actor)} on {_who(game.turn)}'s turn")
    do, answer = frame["do"], frame["answer"]
    if not (robber or do in windowed()):
        raise Bad(f"an action frame for {_short(do)}, which never waits on the stack")
    if type(answer) is not dict:
        raise Bad("an action frame whose answer is not an object")
    _int(frame, "i", 0, len(game.seats))
    if robber:
        if frame["card"] not in ("robber", COPIER) or answer.get("play") != frame["card"] \
                or set(answer) - {"play", "dragon", "as"}:
            raise Bad("a Robber frame that is not Robber's play")
        victim = answer.get("dragon")
        if not (isinstance(victim, str) and victim in game.seats and victim != actor):
            raise Bad(f"Robber names {_who(victim)}, not an opponent in this game")
    else:
        _answer(do, answer, actor, game)
    if above == "react":
        if stage != "cancel":
            raise Bad("a cancel window over an action whose rolls have begun")
        _window_turn(stack[i + 1], game, actor, frame["i"], include_actor=False)
        if stack[i + 1].get("about") != {"dragon": actor, "answer": answer}:
            raise Bad("a reaction about an action other than the one declared")
        if stack[i + 1].get("window") != "cancel":
            raise Bad("a reaction over a declared action that is not its cancel window")
        return
    if stage != "rolls" or robber or do not in rolled():
        raise Bad("a pending roll over an action that rolls nothing now")
    if frame["i"] != len(game.seats) - 1:  # its cancel window has asked everyone
        raise Bad("an action whose rolls began before its cancel window ended")
    rolls, results = frame["rolls"], frame["results"]
    want = _roll_specs(do, actor, answer, rolls, game)
    if rolls != want:
        raise Bad(f"the rolls of the action frame are not those of {_short(do)}")
    if not (type(results) is list and len(results) < len(rolls)):
        raise Bad("the action frame's roll results do not match its rolls")
    for k, result in enumerate(results):
        spec = rolls[k]
        if not (type(result) is dict and set(result) == {"purpose", "dragon", "face",
                                                         "total", "chart"}
                and all(result[x] == spec[x] for x in ("purpose", "dragon", "chart"))
                and type(result["face"]) is int and 1 <= result["face"] <= 20
                and type(result["total"]) is int and -40 <= result["total"] <= 60):
            raise Bad(f"roll result {k + 1} of the action frame is not a roll of the game")
    roll = stack[i + 1]
    spec = rolls[len(results)]
    if any(roll.get(x) != spec[x] for x in spec) or roll.get("actor") != actor:
        raise Bad("the pending roll is not the next roll its action declared")


def _answer(do: str, answer: dict, actor: str, game: Game) -> None:
    if answer.get("do") != do:
        raise Bad(f"an action frame for {_short(do)} holding an answer of another action")
    # aimed at an opponent: the built-ins that must be, and any action that names one
    if do in ("attack", "steal_cavern", "steal_for_thief") or "dragon" in answer:
        target = answer.get("dragon")
        if not (isinstance(target, str) and target in game.seats and target != actor):
            raise Bad(f"an action frame aimed at {_who(target)}, not an opponent in this "
                      "game")
    if do in ("claim", "claim_settlement", "destroy") or "at" in answer:
        _cell(answer.get("at"), game, "the action's target")
    if "also" in answer:  # Citadel of Torture's second claim (P17)
        if do != "claim":
            raise Bad(f"an action frame for {_short(do)} with a second claim")
        _cell(answer["also"], game, "the second claim's target")
    extra = set(answer) - {"do", "dragon", "at", "also"}
    if extra:
        raise Bad(f"an action frame whose answer has fields the game never writes "
                  f"({_short(sorted(extra, key=str))})")


def _roll_specs(do: str, actor: str, answer: dict, rolls, game: Game) -> list:
    """The roll specs the engine declares for this action (destroy's chart from the
    frame itself, its target checked)."""
    if do == "attack":
        defender = answer["dragon"]
        return [{"purpose": "attack", "dragon": actor, "chart": None,
                 "ctx": {"role": "attacker", "other": defender}},
                {"purpose": "defend", "dragon": defender, "chart": None,
                 "ctx": {"role": "defender", "other": actor}}]
    if do == "destroy":
        spec = rolls[0] if type(rolls) is list and len(rolls) == 1 else None
        ctx = spec.get("ctx") if type(spec) is dict else None
        chart = spec.get("chart") if type(spec) is dict else None
        if type(ctx) is not dict or not isinstance(chart, str) \
                or chart not in ROLL_PURPOSES["destroy"]:
            return []
        claimed = ctx.get("claimed")
        if claimed is not (chart.endswith("_claimed")):
            return []
        _cell(ctx.get("target"), game, "the destroy roll's target")
        return [{"purpose": "destroy", "dragon": actor, "chart": chart,
                 "ctx": {"target": ctx.get("target"), "claimed": claimed}}]
    if do in STEALS:
        return [{"purpose": "steal", "dragon": actor, "chart": "steal",
                 "ctx": {"victim": answer.get("dragon", "chest")}}]
    # a registered action's own: rolls of its dragon for its key on its spec's charts
    charts = ROLL_PURPOSES.get(do, ())
    if type(rolls) is list and rolls and all(
            type(r) is dict and set(r) == {"purpose", "dragon", "chart", "ctx"}
            and r["purpose"] == do and r["dragon"] == actor and r["chart"] in charts
            and type(r["ctx"]) is dict for r in rolls):
        return rolls
    return []


def _window_turn(react: dict, game: Game, actor: str, asked, include_actor: bool) -> None:
    """The reacting dragon is the one the window reaches at its counter (R40: turn order
    after the actor, the actor last on a roll)."""
    order = game.order if actor in game.order else game.seats
    k = order.index(actor)
    walk = order[k + 1:] + order[:k] + ([actor] if include_actor else [])
    if type(asked) is not int or not 0 <= asked < len(walk) or react.get("dragon") != walk[asked]:
        raise Bad(f"{_who(react.get('dragon'))} is asked to react out of turn")


def _roll(frame, stack, i, game) -> None:
    above = _above(stack, i)
    _fields(frame, ("purpose", "dragon", "actor", "chart", "ctx", "stage", "face", "mods",
                    "i"), ("extras",))
    purpose = frame["purpose"]
    if purpose not in ROLL_PURPOSES or frame["chart"] not in ROLL_PURPOSES[purpose]:
        raise Bad(f"a pending roll for {_short(purpose)} on chart {_short(frame['chart'])}")
    roller = _dragon(frame, "dragon", game)
    actor = _dragon(frame, "actor", game)
    if type(frame["ctx"]) is not dict:
        raise Bad("a pending roll whose facts are not an object")
    if stack[i - 1]["step"] == "tribute":
        owner = stack[i - 1]
        if purpose != "tribute" or frame["ctx"] != {} or roller != actor \
                or owner.get("dragon") != roller:
            raise Bad("the pending roll under the tribute is not that dragon's tribute roll")
    elif purpose == "tribute":
        raise Bad("a tribute roll outside the tribute phase")
    _int(frame, "i", 0, len(game.seats))
    _mods(frame["mods"], OPTIONS, (), "a pending roll")
    if "extras" in frame:
        extras = frame["extras"]
        if not (purpose == "tribute" and type(extras) is list and len(extras) <= 2
                and all(x in TRIBUTE_CARDS for x in extras)):
            raise Bad(f"a pending roll with card bonuses the game never gives: "
                      f"{_short(extras)}")
    face = frame["face"]
    if above == "modify":
        if frame["stage"] != "pre" or face is not None:
            raise Bad("a roll modifier asked after the die was rolled")
        if frame["i"] != 0:  # (the window after the roll has not begun)
            raise Bad("a roll not yet rolled whose reaction window has begun")
        return
    if frame["stage"] != "post" or type(face) is not int or not 1 <= face <= 20:
        raise Bad(f"a d20 roll showing {_short(face)} (stage {_short(frame['stage'])})")
    react = stack[i + 1]
    if react.get("window") != "roll":
        raise Bad("a reaction over a roll that is not its roll window")
    _window_turn(react, game, actor, frame["i"], include_actor=True)
    if react.get("about") != {"purpose": purpose, "dragon": roller, "face": face,
                              "mods": frame["mods"]}:
        raise Bad("a reaction about a roll other than the one pending")


def _modify(frame, stack, i, game) -> None:
    _fields(frame, ("dragon", "purpose", "options"))
    roll = stack[i - 1]
    if frame["dragon"] != roll.get("dragon") or frame["purpose"] != roll.get("purpose"):
        raise Bad("a roll modifier offered to someone other than the roller, or for another "
                  "roll")
    _names(frame, "options", OWN_OPTIONS)


def _react(frame, stack, i, game) -> None:
    _fields(frame, ("dragon", "window", "options", "about"))
    _dragon(frame, "dragon", game)
    window = {"act": "cancel", "roll": "roll", "dice": "dice"}[stack[i - 1]["step"]]
    if frame["window"] != window:
        raise Bad(f"a reaction of the {_short(frame['window'])} window over a "
                  f"{WORDS[stack[i - 1]['step']]}")
    _names(frame, "options", OPTIONS)


def _tribute(frame, stack, i, game) -> None:
    above = _above(stack, i)
    _fields(frame, ("i",) + (("dragon", "results") if above == "roll" else ()))
    n = _int(frame, "i", 1, len(game.seats))
    if n > len(game.order):
        raise Bad("the tribute's counter is past the turn order")
    name = game.order[n - 1]
    if above == "roll":
        if frame["dragon"] != name:
            raise Bad(f"the tribute roll is {_who(frame['dragon'])}'s, but the tribute "
                      f"counter is at {_who(name)}")
        if frame["results"] != []:
            raise Bad("a tribute with roll results while its roll is still pending")
    elif stack[i + 1].get("dragon") != name:
        raise Bad(f"{_who(stack[i + 1].get('dragon'))} loses a claim out of turn (the "
                  f"tribute counter is at {_who(name)})")


def _lose_claim(frame, stack, i, game) -> None:
    _fields(frame, ("dragon", "roll", "choices"))
    _dragon(frame, "dragon", game)
    roll = _int(frame, "roll", 0, TRIBUTE[-1][1])
    if chart_row(TRIBUTE, roll)[3] is not None:
        raise Bad(f"a tribute roll of {roll} loses no claim (R31)")
    choices = frame["choices"]
    # one cell may be two choices: a far claim and the gamble ring under its corner (P5)
    if not (type(choices) is list and len(choices) >= 1):
        raise Bad("a lost claim with nothing to choose from")
    for cell in choices:
        _cell(cell, game, "a claim to lose at")
    if len({tuple(c) for c in choices}) != len(choices):
        raise Bad("a lost claim offering the same cell twice")


FIELDS: dict[str, Callable[[dict, list, int, Game], Any]] = {
    "end_check": _bare, "tribute_phase": _bare, "action_phase": _bare,
    "chest_move": _tries(MAX_TRIES), "place_of_power": _place_of_power,
    "settlement": _settlement, "place_location": _place_location,
    "choose_place": _choose_place, "dice": _dice, "turns": _turns, "action": _action,
    "act": _act, "roll": _roll, "modify": _modify, "react": _react, "tribute": _tribute,
    "lose_claim": _lose_claim,
}
assert set(FIELDS) == set(WORDS)


def _who(value) -> str:
    """A dragon by its name ("Red"), anything else as written."""
    return value.capitalize() if isinstance(value, str) and value in DRAGONS else _short(value)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _short(value, limit: int = 40) -> str:
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - repr of JSON values does not fail
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."
