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
to state.modifiers), "stage" ("pre" | "roll" | "post"), "face", "mods" ([[source,
value]], in the order applied), "i" (the post window's next asker)}. On finishing it
pops itself and appends {"purpose", "dragon", "face", "total", "chart"} to the
`results` list of the frame beneath it (the declared action, or the tribute step).

Only dragons with something usable are asked. Sources of options are listed below;
the cards issue adds its cancels (Peacemaker, Leader, Watcher), own modifiers
(Fighter, Sneaker, Destroyer, Governor) and post-roll modifiers (Defender, Inciter,
Trickster) to the same tuples and to APPLY.
"""

from __future__ import annotations

from game import state
from game.decisions import Decision, DecisionStep, IllegalAnswer, title
from game.systems import powers
from game.tables import ACTION_TITLES, CHARTS, PLACE_TITLES, chart_row, row_label

# (m, dragon, frame) -> option names that dragon may use now.
OWN_SOURCES = (powers.own_options,)        # frame: the pending roll; dragon: its roller
CANCEL_SOURCES = (powers.cancel_options,)  # frame: the declared action (`act`)
ROLL_SOURCES = (powers.roll_options,)      # frame: the pending roll, die already rolled
# option -> apply(m, dragon, frame, answer): marks it used and changes the frame.
APPLY = dict(powers.REACTIONS)

HOOK_PURPOSE = {"defend": "attack"}  # state.modifiers sees both attack rolls as "attack"
PASS = {"pass": True}


def options(sources, m, name: str, frame: dict) -> list[str]:
    if len(sources) == 1:
        return sources[0](m, name, frame)
    out: list[str] = []
    for source in sources:
        out.extend(source(m, name, frame))
    return out


def window_order(m, actor: str, include_actor: bool) -> list[str]:
    """R40: turn order starting after the acting dragon (the actor last, if included)."""
    order = m.order if actor in m.order else m.seat_names
    i = order.index(actor)
    out = order[i + 1:] + order[:i]
    return out + [actor] if include_actor else out


def ask_window(m, frame: dict, window: str, actor: str, sources, about: dict) -> bool:
    """Push a `react` decision for the next dragon of the window, from frame["i"], who
    has a usable option; False when nobody is left to ask. A dragon that reacts is asked
    again while it still has options (P12); a pass moves on."""
    order = window_order(m, actor, include_actor=(window == "roll"))
    i = frame["i"]
    while i < len(order):
        name = order[i]
        opts = options(sources, m, name, frame)
        if opts:
            frame["i"] = i
            m.stack.append({"step": "react", "dragon": name, "window": window,
                            "options": opts, "about": about})
            return True
        i += 1
    frame["i"] = i
    return False


def cancel_window(m, act: dict) -> bool:
    about = {"dragon": act["dragon"], "answer": act["answer"]}
    return ask_window(m, act, "cancel", act["dragon"], CANCEL_SOURCES, about)


# ----- the pending roll ------------------------------------------------------------------
def roll_spec(purpose: str, dragon: str, chart: str | None, **ctx) -> dict:
    return {"purpose": purpose, "dragon": dragon, "chart": chart, "ctx": ctx}


def push_roll(m, spec: dict, actor: str) -> None:
    m.stack.append({"step": "roll", **spec, "actor": actor, "stage": "pre", "face": None,
                    "mods": [], "i": 0})


def run_roll(m, f: dict) -> None:
    if f["stage"] == "pre":
        opts = options(OWN_SOURCES, m, f["dragon"], f)
        if opts:
            m.stack.append({"step": "modify", "dragon": f["dragon"], "purpose": f["purpose"],
                            "options": opts})
            return
        f["stage"] = "roll"
    if f["stage"] == "roll":
        purpose = f["purpose"]
        standing = state.modifiers(m, HOOK_PURPOSE.get(purpose, purpose), f["dragon"],
                                   **f["ctx"])
        f["mods"][:0] = [list(x) for x in standing]
        f["face"] = m.dice.roll(20)
        f["stage"] = "post"
    about = {"purpose": f["purpose"], "dragon": f["dragon"], "face": f["face"],
             "mods": [list(x) for x in f["mods"]]}
    if ask_window(m, f, "roll", f["actor"], ROLL_SOURCES, about):
        return
    _finish(m, f)


def _finish(m, f: dict) -> None:
    face, mods, chart = f["face"], f["mods"], f["chart"]
    total = face + sum(v for _, v in mods)
    label = None
    if chart is not None:  # R30: chart rolls are clamped; attack rolls are not
        rows, (low, high) = CHARTS[chart]
        total = max(low, min(high, total))
        label = row_label(chart_row(rows, total))
    m.emit("roll", purpose=f["purpose"], dragon=f["dragon"], die=20, face=face,
           mods=[list(x) for x in mods], total=total, row=label)
    m.stack.pop()
    m.stack[-1]["results"].append({"purpose": f["purpose"], "dragon": f["dragon"],
                                   "face": face, "total": total, "chart": chart})


def result_row(result: dict):
    """The chart row a finished roll landed on."""
    return chart_row(CHARTS[result["chart"]][0], result["total"])


# ----- the two decisions: `modify` (own, before the roll) and `react` ------------------
def _option_names(opts) -> str:
    return " or ".join(PLACE_TITLES.get(o, o) for o in opts)


def _refuse(m, name: str, key: str, value, opts, what: str) -> IllegalAnswer:
    if isinstance(value, str) and value in PLACE_TITLES:
        why = powers.holder_reason(m, name, value) or f"{PLACE_TITLES[value]} {what}"
    else:
        why = f"{value!r} is not something {title(name)} can use here"
    return IllegalAnswer(f"{why}; answer {{\"{key}\": ...}} with "
                         f"{_option_names(opts)}, or {{\"pass\": true}}")


def _ask_modify(m, f) -> Decision:
    name = f["dragon"]
    purpose = f["purpose"]
    return Decision(name, "modify",
                    f"{title(name)} is about to roll for {purpose}: use "
                    f"{_option_names(f['options'])}?",
                    {"purpose": purpose, "options": list(f["options"])})


def _legal_modify(m, f) -> list[dict]:
    return [{"power": o} for o in f["options"]] + [dict(PASS)]


def _answer_modify(m, f, answer) -> None:
    name = f["dragon"]
    if "power" in answer:
        opt = answer["power"]
        if not isinstance(opt, str) or opt not in f["options"]:
            raise _refuse(m, name, "power", opt, f["options"],
                          f"does not modify {title(name)}'s {f['purpose']} roll")
        m.stack.pop()
        APPLY[opt](m, name, m.stack[-1], answer)
    elif answer.get("pass") is True:
        m.stack.pop()
        m.stack[-1]["stage"] = "roll"
    else:
        raise IllegalAnswer(f"{title(name)} may answer {{\"power\": ...}} with "
                            f"{_option_names(f['options'])} or {{\"pass\": true}}")


def _ask_react(m, f) -> Decision:
    name = f["dragon"]
    about = f["about"]
    if f["window"] == "cancel":
        act = about["answer"]
        text = f"{title(about['dragon'])} declares {ACTION_TITLES[act['do']]}"
        context = {"window": "cancel", "action": {"dragon": about["dragon"], **_plain(act)}}
    else:
        text = (f"{title(about['dragon'])} rolled {about['face']} for "
                f"{about['purpose']}")
        context = {"window": "roll", "roll": dict(about)}
    return Decision(name, "react",
                    f"{text}: {title(name)} may use {_option_names(f['options'])}",
                    {**context, "options": list(f["options"])})


def _plain(answer: dict) -> dict:
    """An action answer for the react context; its target dragon is named `target` so
    it cannot be confused with the actor."""
    out = dict(answer)
    if "dragon" in out:
        out["target"] = out.pop("dragon")
    return out


def _legal_react(m, f) -> list[dict]:
    return [{"react": o} for o in f["options"]] + [dict(PASS)]


def _answer_react(m, f, answer) -> None:
    name = f["dragon"]
    if "react" in answer:
        opt = answer["react"]
        if not isinstance(opt, str) or opt not in f["options"]:
            raise _refuse(m, name, "react", opt, f["options"], "cannot answer this now")
        m.stack.pop()
        APPLY[opt](m, name, m.stack[-1], answer)  # the same dragon is asked again if
        # it still has an option (P12)
    elif answer.get("pass") is True:
        m.stack.pop()
        m.stack[-1]["i"] += 1
    else:
        raise IllegalAnswer(f"{title(name)} may answer {{\"react\": ...}} with "
                            f"{_option_names(f['options'])} or {{\"pass\": true}}")


MODIFY = DecisionStep(_ask_modify, _legal_modify, _answer_modify)
REACT = DecisionStep(_ask_react, _legal_react, _answer_react)
