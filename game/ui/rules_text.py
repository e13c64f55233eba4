"""The in-game rules reference, as pygame-gui HTML, built from game.tables and
game.content so the charts and the numbers shown are the ones played. It is for players:
no rule codes (the rulings R1-R40 and P-rulings are cited in comments only).
`plain_text()` is the same reference as plain text (`narby rules --text`)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from game import content
from game.decisions import title
from game.i18n import N_, _, n_
from game.tables import (
    ACTION_COST,
    ACTIONS_PER_TURN,
    CARDS,
    DESTROY_CLAIMED,
    DESTROY_PLACE_CLAIMED,
    DESTROY_PLACE_UNCLAIMED,
    DESTROY_UNCLAIMED,
    DESTROYED,
    DRAGONS,
    PLACES,
    REVOLT_COST,
    RING_COUNT,
    STEAL,
    TARGETS,
    TREASURE_DIE,
    TRIBUTE,
    TRIBUTE_ADJACENT,
)
from game.ui import scripts

GOLD = "#e2b048"
DIM = "#aaa496"


def _h(text: str) -> str:
    return f"<font size=5 color='{GOLD}'><b>{text}</b></font><br>"


def _sub(text: str) -> str:
    return f"<br><font size=4 color='{GOLD}'><b>{text}</b></font><br>"


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _pct(low: int, high: int, top: int = 20) -> str:
    faces = max(0, min(high, top) - max(low, 1) + 1)
    # TRANSLATORS: the chance of a chart row; {pct} is a whole number (50 -> "50%")
    return f"<font color='{DIM}'>" + _("({pct}% on a plain d20)").format(pct=faces * 5) \
        + "</font>"


def _targets() -> str:
    # TRANSLATORS: the targets a game may be played to, e.g. "30, 50" or "70"
    return _("{some} or {last}").format(some=", ".join(map(str, TARGETS[:-1])),
                                       last=TARGETS[-1])


def overview() -> str:
    return (
        _h(_("How a round goes"))
        + _("Each round has four phases; then the end check.") + "<br>"
        + _("<b>Draw</b> (cards on): every card returns, each dragon gets one.") + "<br>"
        + _("<b>Populate</b>: one settlement roll per dragon — a town, or a city beside a "
            "town, or a town grows into a city; a place of power rises; the thief's chest "
            "moves. A gamble ring beside a new settlement claims it.") + "<br>"
        # TRANSLATORS: {actions} is the number of actions each dragon has a turn
        + _("<b>Action</b>: poorest dragon first (ties: most rings, then seat; Green first "
            "in round 1), {actions} actions each.").format(actions=ACTIONS_PER_TURN) + "<br>"
        + _("<b>Tribute</b>: each dragon with claims rolls one d20 for all of them.") + "<br>"
        # TRANSLATORS: {targets} lists the targets a game may be played to ("30, 50 or 70")
        + _("<b>End</b>: when a dragon holds more coins than the target ({targets}), the "
            "highest coins + treasure wins; a tie plays one more round.").format(
                targets=_targets()) + "<br>"
        + _sub(_("The board"))
        + _("Cells are counted from 1. Adjacent means the 8 neighbours, diagonals too. "
            "Dragons and places of power cover 2×2 cells. One piece per cell; rings are "
            "markers, not pieces.")
    )


def actions() -> str:
    out = _h(_("Actions"))
    out += _("On your turn you have {actions} actions. Powers of places you hold and turn "
             "cards cost none.").format(actions=ACTIONS_PER_TURN) + "<br>"
    for do in ACTION_COST:
        d = content.action(do)
        c = content.cost_words(ACTION_COST[do])
        out += f"<b>{d.title}</b> <font color='{DIM}'>· {c}</font><br>{d.effect}<br>"
    out += (_sub(_("Good to know"))
            + _("Coins never go below 0: a payment takes what there is. Modifiers add to "
                "the die; chart rolls are clamped to the chart. Playing a card or a "
                "place's power costs no action, and is done between actions, not after "
                "the last one."))
    return out


def charts() -> str:
    back = -min(row[3] for row in STEAL)
    out = (_h(_("Steal chart"))
           # TRANSLATORS: {coins} is "1 coin", "2 coins"...
           + _("Gain from the target (Turnabout: you pay {coins} instead).").format(
               coins=n_("{n} coin", "{n} coins", back).format(n=back)) + "<br>")
    for low, high, name, coins in STEAL:
        # TRANSLATORS: what a steal roll moves; {n} is a number of coins
        what = (_("you pay {n}").format(n=-coins) if coins < 0 else
                (f"+{coins}" if coins else _("nothing")))
        out += f"<b>{_span(low, high)}</b> {_(name)}: {what} {_pct(low, high)}<br>"
    words = {"nothing": _("nothing"), "ruin": _("becomes a ruin"),
             "destroyed": _("destroyed"),
             "destroyed_treasure": _("destroyed + a treasure token"),
             # TRANSLATORS: {coins} is "1 coin", "2 coins"...
             "revolt": _("revolt — the destroyer loses {coins}").format(
                 coins=n_("{n} coin", "{n} coins", REVOLT_COST).format(n=REVOLT_COST)),
             "unclaim": _("the ring comes off"), "removed": _("back to the supply")}
    for head, chart in ((_("Destroy — unclaimed settlement"), DESTROY_UNCLAIMED),
                        (_("Destroy — claimed settlement"), DESTROY_CLAIMED),
                        (_("Destroy — unclaimed place of power"), DESTROY_PLACE_UNCLAIMED),
                        (_("Destroy — claimed place of power"), DESTROY_PLACE_CLAIMED)):
        out += _sub(head)
        for low, high, result in chart:
            out += f"<b>{_span(low, high)}</b> {words[result]} {_pct(low, high)}<br>"
    out += _sub(_("Destroyed chart — coins to the destroyer"))
    for row, label in (("ruin", _("Ruin")), ("destroyed", _("Destroyed")),
                       ("destroyed_claimed", _("Destroyed, was claimed"))):
        v = DESTROYED[row]
        # TRANSLATORS: the coins a destroyed town, city or ruin gives; the numbers follow
        out += f"<b>{label}</b>: " + _("town {town}, city {city}, ruin {ruin}").format(
            town=v["town"], city=v["city"], ruin=v["ruin"]) + "<br>"
    out += _sub(_("Tribute chart"))
    for low, high, name, values in TRIBUTE:
        if values is None:
            out += (f"<b>{_span(low, high)}</b> {_(name)}: "
                    + _("lose one claim not beside you") + "<br>")
            continue
        # TRANSLATORS: what a place of power pays in tribute: treasure tokens or coins
        place = (n_("{n} treasure", "{n} treasures", values["place_tokens"]).format(
            n=values["place_tokens"]) if values["place_tokens"] else
            n_("{n} coin", "{n} coins", values["place_coins"]).format(n=values["place_coins"]))
        # TRANSLATORS: a tribute chart row: what each kind of claim pays; {place} is
        # "1 coin" or "2 treasures"
        out += (f"<b>{_span(low, high)}</b> {_(name)}: "
                + _("town {town}, city {city}, ruin {ruin}, place {place}").format(
                    town=values["town"], city=values["city"], ruin=values["ruin"],
                    place=place) + "<br>")
    a = TRIBUTE_ADJACENT
    out += (_("<b>Beside your dragon</b>: town {town}, city {city}, ruin {ruin}, place "
              "{place}, whatever the roll").format(
                  town=a["town"], city=a["city"], ruin=a["ruin"],
                  place=n_("{n} coin", "{n} coins", a["place_coins"]).format(
                      n=a["place_coins"])) + "<br>"
            # TRANSLATORS: {die} is the size of the die: "a d3"
            + _("Treasure tokens are worth a d{die} each; they count at the end, not "
                "toward the target.").format(die=TREASURE_DIE))
    return out


# the dragons with a rule of their own (marked here, translated where shown)
DRAGON_NOTES = {
    "green": N_("Narby: goes first in round 1."),
    "gold": N_("Shall not destroy settlements; a city that pays earns +1 coin."),
    "copper": N_("Shall not destroy settlements; town coins are doubled."),
    "undead": N_("No cavern: its dragon lands on the rolled cell; the Immortals Resting "
                 "Place becomes its cavern."),
}


def dragons() -> str:
    out = _h(_("The ten dragons"))
    out += _("A seat draws its dragon with a d20's last digit or picks it.") + "<br>"
    for name in DRAGONS:
        rings = n_("{n} ring", "{n} rings", RING_COUNT[name]).format(n=RING_COUNT[name])
        note = "<br>" + _(DRAGON_NOTES[name]) if name in DRAGON_NOTES else ""
        out += (f"<b>{_(title(name))}</b> <font color='{DIM}'>· {rings}</font>"
                f"{note}<br>")
    return out


def places() -> str:
    out = _h(_("Places of power"))
    out += content.PLACE_INTRO + "<br>"
    for i, kind in enumerate(PLACES, 1):
        d = content.place(kind)
        out += (f"<b>{i}. {d.title}</b><br>{d.effect}<br>"
                f"<font color='{DIM}'>{d.timing}.</font><br>")
    out += _("15–20 on the place roll: the poorest dragon chooses which place rises.")
    return out


def cards() -> str:
    out = _h(_("Power cards"))
    out += content.CARD_INTRO + "<br>"
    for card in CARDS:
        d = content.card(card)
        out += (f"<b>{d.title}</b>: {d.effect}<br>"
                f"<font color='{DIM}'>{d.timing}.</font><br>")
    return out


# the fine points players meet most (the rulings behind them are cited in tests)
RULINGS = (
    N_("Picked dragons are reserved before anyone draws one at random."),
    N_("No gamble ring on a blocked cell."),
    N_("Rings stay under pieces placed on them."),
    N_("A choice with one option is applied at once."),
    N_("A bad tribute roll may take any claim not beside the dragon, or a gamble ring."),
    N_("With the thief rule, the thief wins only if no dragon also passes the target."),
    N_("Stealing from an empty cavern is legal (it gains nothing)."),
    N_("An action pays its cost first, then reactions, then rolls, then results."),
    N_("Reactions are asked in turn order after the acting dragon, which is asked last."),
    N_("Chrysota's Chapel helps every steal roll; Arch of Triumph only attacks."),
    N_("The odds shown on a target use the chart and the roller's standing modifiers; "
       "modifiers it may still choose are listed beside them; other dragons' reactions "
       "are not guessed."),
    N_("Hot-seat: with two or more people at one screen, no card is shown between "
       "their turns; each sees only their own card after the hand-over."),
)


def rulings() -> str:
    out = _h(_("Fine points"))
    out += _("The rule book is silent in places; this edition settles them like this. "
             "The ones players meet most:") + "<br>"
    for text in RULINGS:
        out += f"• {_(text)}<br>"
    return out


# pygame-gui wraps lines at spaces only (a longer run is cut with a hyphen): Japanese and
# Chinese text gets a break after each comma and full stop
_BREAKS = re.compile(r"([、。])(?=[^\s<])")


def in_script(build: Callable[[], str]) -> Callable[[], str]:
    """`build`'s HTML in a face that has its script: the game's font has no Japanese
    (SDL_ttf has no glyph fallback), so a section in Japanese is set in Noto Sans JP,
    like a map title (game.ui.scripts), with places where its lines may break."""
    def shown() -> str:
        text = build()
        face = scripts.face_for(text)
        if face is None or scripts.font_files(face) is None:
            return text
        if face != "narby_kr":  # Chinese and Japanese put no spaces between words
            text = _BREAKS.sub(r"\1 ", text)
        return f"<font face='{face}'>{text}</font>"
    shown.__name__ = build.__name__
    return shown


# (tab, its HTML): the tab's name is marked here and translated where shown
SECTIONS = ((N_("Overview"), in_script(overview)), (N_("Actions"), in_script(actions)),
            (N_("Charts"), in_script(charts)), (N_("Dragons"), in_script(dragons)),
            (N_("Places"), in_script(places)), (N_("Cards"), in_script(cards)),
            (N_("Fine points"), in_script(rulings)))


def plain_text() -> str:
    """The whole reference as plain text: `narby rules --text`, screen readers."""
    parts = []
    for key, build in SECTIONS:
        name = _(key)
        body = build()
        body = re.sub(r"<br\s*/?>", "\n", body)
        body = re.sub(r"<[^>]+>", "", body)
        body = html.unescape(body)
        lines = [line.rstrip() for line in body.split("\n")]
        text = "\n".join(lines).strip()
        parts.append(f"{name.upper()}\n{'=' * len(name)}\n{text}")
    return "\n\n".join(parts) + "\n"
