"""The action bar: every registered action, plus the turn powers and cards of the moment.

The model (`action_slots`) needs no window: each slot holds the legal answers of its
kind, taken from `legal_answers()`, or the reason in words why there are none, taken
from the engine's own checks (cost, readiness, and each candidate target's refusal
message). `ActionBar` draws the slots and reports clicks and hover.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations

import pygame

from game import content, i18n, questions, registry
from game.decisions import answer_kind
from game.i18n import _
from game.tables import (
    ACTION_COST,
    ACTION_TITLES,
    ACTIONS,
    CARD_TITLES,
    MOVE_STEPS,
    PLACE_TITLES,
    TURN_POWERS,
)
from game.ui import art
from game.ui.bindings import ACTION_KEYS, EXTRA_KEYS
from game.words import DragonName, Words

# One table of keys for the board screen (game.ui.bindings): one per action, letters
# for the extra slots. One name for each action everywhere: the bar shows the action's
# title (game.content / game.tables.ACTION_TITLES), on two lines when it is long.
HOTKEYS = ACTION_KEYS

# When no candidate target passes, one sentence says why (the engine's reasons for
# each candidate follow when there are only a few of them). {d} is the dragon's name;
# each action's sentence is in its registry module (game/registry/actions/).
NOTHING_NEAR = {a.key: a.unavailable for a in registry.actions() if a.key != "end_turn"}
# The bar's icon of each action (its registry art key).


@dataclass
class Slot:
    key: str                 # "move", ... or an answer kind such as "power:madhouse"
    label: str
    hotkey: str
    cost: int | None
    icon: str                # art sprite name
    answers: list[dict] = field(default_factory=list)
    reason: str | None = None

    @property
    def enabled(self) -> bool:
        return bool(self.answers)


def extra_label(kind: str) -> str:
    """'power:madhouse' -> 'Madhouse'; 'play:fighter' -> 'Fighter' (translated)."""
    head, _sep, name = kind.partition(":")
    if not name:
        return _(head.title())
    return _(PLACE_TITLES.get(name) or CARD_TITLES.get(name)
             or name.replace("_", " ").title())


def extra_icon(kind: str) -> str:
    head, _sep, name = kind.partition(":")
    if head == "play":
        return art.card_art(name)
    if head == "power":
        return art.place_art(name)
    return art.action_art("end_turn")


def why_not(m, name: str, do: str) -> str:
    """Why `name` cannot take action `do` now, in the engine's words (it is asked
    through game.questions, never reached into): a Words, English as a str and shown in
    the player's language (game.words.shown), whatever language it is asked in."""
    if do == "end_turn":
        return ""
    found = questions.action_blockers(m, name, do)
    if found.first:
        return found.first
    reasons = found.reasons
    candidates = found.candidates
    head = Words(NOTHING_NEAR[do], d=DragonName(name), n=MOVE_STEPS)
    if do == "abandon" or not candidates:
        return head
    if len(reasons) == 1:
        return reasons[0]
    near = found.near  # by the reasons' message ids, not their words
    if not near or do == "move":
        return head
    out = Words("{first}; {second}", first=near[0], second=near[1]) if len(near) > 1 \
        else near[0]
    return Words("{first}; {second}", first=out, second="...") if len(near) > 2 else out


def action_slots(m, name: str, legal: list[dict],
                 extra_keys: dict[str, str] | None = None) -> list[Slot]:
    """One slot per action (legal answers or a reason each), then one slot per
    other kind of answer the action decision offers (turn powers, cards). Extra slots
    take their letters from `extra_keys` (kind -> letter, stable for a turn:
    game.ui.bindings.ExtraKeys), else in order."""
    by_kind: dict[str, list[dict]] = {}
    for answer in legal:
        by_kind.setdefault(answer_kind(answer), []).append(answer)
    slots = []
    for do in ACTIONS:
        answers = by_kind.pop(do, [])
        slot = Slot(do, _(ACTION_TITLES[do]), HOTKEYS[do], ACTION_COST[do], art.action_art(do),
                    answers)
        if not answers:
            slot.reason = why_not(m, name, do)
        slots.append(slot)
    # a turn power held and unused whose power has nothing to aim at: a greyed slot
    # that says so, rather than "ready" on the board and no button anywhere
    idle: dict[str, list[dict]] = {f"power:{k}": [] for k in TURN_POWERS
            if f"power:{k}" not in by_kind and questions.power_ready(m, k, name)}
    for i, (kind, answers) in enumerate(sorted({**by_kind, **idle}.items())):
        if extra_keys is not None:
            key = extra_keys.get(kind, "")
        else:
            key = EXTRA_KEYS[i] if i < len(EXTRA_KEYS) else ""
        slot = Slot(kind, extra_label(kind), key, 0, extra_icon(kind), answers)
        if not answers:
            slot.reason = idle_power_reason(kind.partition(":")[2])
        slots.append(slot)
    return slots


def idle_power_reason(place: str) -> str:
    """Why a held, unused turn power has no button to press now."""
    # TRANSLATORS: {place} is a place of power's name
    return _("{place} has nothing to aim at now, so its power waits").format(
        place=_(content.place(place).title))


def idle_slots(reason: str) -> list[Slot]:
    """Every action, unavailable for one reason (not this seat's turn, ...)."""
    return [Slot(do, _(ACTION_TITLES[do]), HOTKEYS[do], ACTION_COST[do], art.action_art(do),
                 [], reason) for do in ACTIONS]


# ----- drawing ---------------------------------------------------------------------------
class ActionBar:
    """Draws slots in a strip; `slot_at(pos)` for hover and clicks."""

    def __init__(self, look):
        self.look = look  # game.ui.theme.Look: fonts, colours, sprites
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.slots: list[Slot] = []
        self.rects: list[pygame.Rect] = []
        self.selected: str | None = None
        self.hover: int | None = None
        self._lines: dict = {}  # label_lines, measured
        self._key: tuple | None = None  # what the last drawing showed (see draw)
        self._picture: pygame.Surface | None = None

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._layout()

    def set_slots(self, slots: list[Slot]) -> None:
        self.slots = slots
        self._layout()

    def _layout(self) -> None:
        n = max(1, len(self.slots))
        gap = max(3, self.rect.w // 300)
        w = min((self.rect.w - gap * (n + 1)) // n, int(self.rect.h * 1.25))
        x = self.rect.x + (self.rect.w - (w * n + gap * (n - 1))) // 2
        self.rects = [pygame.Rect(x + i * (w + gap), self.rect.y + 4, w, self.rect.h - 8)
                      for i in range(len(self.slots))]

    def slot_at(self, pos) -> int | None:
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos):
                return i
        return None

    def index_of(self, key: str) -> int | None:
        for i, s in enumerate(self.slots):
            if s.key == key:
                return i
        return None

    def label_lines(self, label: str, width: int) -> tuple[list[str], int]:
        """A slot's label in one line, else two, at the largest size (13 to 10 pt,
        scaled) that fits `width`: measured, so no label is cut ("Take O…"). Measured
        once per label, width and look (a frame draws every slot)."""
        key = (label, width, self.look)
        found = self._lines.get(key)
        if found is None:
            if len(self._lines) > 500:
                self._lines.clear()
            found = self._lines[key] = self._label_lines(label, width)
        lines, size = found
        return list(lines), size

    def _label_lines(self, label: str, width: int) -> tuple[list[str], int]:
        look = self.look
        words = _break_points(label)
        for pt in (13, 12, 11):
            size = look.fs(pt)
            if look.font(size, bold=True).size(label)[0] <= width:
                return [label], size
        # two lines, then (a long language: "Kapliczka Anielskiej Gwiazdy") three, broken
        # at spaces or after a hyphen ("Engelsstern-" / "Schrein")
        for n in (2, 3):
            for pt in (12, 11, 10, 9):
                size = look.fs(pt)
                font = look.font(size, bold=True)
                splits = _splits(words, n)
                if not splits:
                    if font.size(label)[0] <= width:
                        return [label], size
                    continue
                def widest(p: tuple[str, ...], f: pygame.font.Font = font) -> int:
                    return max(f.size(x)[0] for x in p)

                best = min(splits, key=widest)
                if widest(best) <= width:
                    return list(best), size
        return [label], look.fs(9)

    def draw(self, surface: pygame.Surface) -> None:
        """The strip: drawn when a slot, the hover or the choice changes, else the
        picture of the last drawing blitted back (issue 34: the board screen redraws
        at 60 Hz while anything moves)."""
        look = self.look
        key = (tuple(self.rect), tuple(map(tuple, self.rects)), self.hover, self.selected,
               tuple((s.label, s.hotkey, s.cost, s.icon, s.enabled) for s in self.slots),
               look.scale, look.text_scale, look.palette, i18n.language())
        area = self.rect.clip(surface.get_rect())
        if key != self._key or self._picture is None or self._picture.get_size() != area.size:
            self._draw(surface)
            self._picture = surface.subsurface(area).copy() if area.w and area.h else None
            self._key = key
            return
        surface.blit(self._picture, area)
        # the edge is drawn across the strip's top border, partly outside its rect
        pygame.draw.line(surface, look.colour("edge"), self.rect.topleft, self.rect.topright, 2)

    def _draw(self, surface: pygame.Surface) -> None:
        look = self.look
        pygame.draw.rect(surface, look.colour("bar"), self.rect)
        pygame.draw.line(surface, look.colour("edge"), self.rect.topleft, self.rect.topright, 2)
        for i, (slot, r) in enumerate(zip(self.slots, self.rects, strict=False)):
            self._draw_slot(surface, slot, r, hover=(i == self.hover),
                            selected=(slot.key == self.selected))

    def _draw_slot(self, surface, slot: Slot, r: pygame.Rect, hover: bool,
                   selected: bool) -> None:
        look = self.look
        base = look.colour("slot_on" if slot.enabled else "slot_off")
        if selected:
            base = look.colour("slot_selected")
        elif hover and slot.enabled:
            base = look.colour("slot_hover")
        pygame.draw.rect(surface, base, r, border_radius=8)
        pygame.draw.rect(surface, look.colour("gold" if selected else "edge"), r,
                         2 if selected else 1, border_radius=8)
        lines, size = self.label_lines(slot.label, r.w - look.px(6))
        label_h = len(lines) * (look.font(size, bold=True).get_linesize() - look.px(2))
        icon_size = max(16, min(r.w - 16, r.h - label_h - look.px(10)))
        icon = look.sprite(slot.icon, icon_size)
        if not slot.enabled:
            icon = look.greyed(icon)
        surface.blit(icon, icon.get_rect(midtop=(r.centerx, r.y + look.px(3))))
        label = slot.label
        colour = look.colour("text" if slot.enabled else "text_off")
        lines, size = self.label_lines(label, r.w - look.px(6))
        font = look.font(size, bold=True)
        y = r.bottom - look.px(3)
        for line in reversed(lines):
            text = look.fit_text(line, font, r.w - look.px(4), colour)
            surface.blit(text, text.get_rect(midbottom=(r.centerx, y)))
            y -= font.get_linesize() - look.px(2)
        if slot.hotkey:
            key = look.text(slot.hotkey, look.fs(11), look.colour("key"), bold=True)
            kr = key.get_rect(topleft=(r.x + 5, r.y + 3))
            pygame.draw.rect(surface, look.colour("key_bg"), kr.inflate(6, 2), border_radius=3)
            surface.blit(key, kr)
        if slot.cost:
            pips = slot.cost
            for p in range(pips):
                c = (r.right - 8 - p * 9, r.y + 9)
                pygame.draw.circle(surface, look.colour("gold" if slot.enabled else "text_off"),
                                   c, 3)


def _break_points(label: str) -> list[str]:
    """A label's pieces where a line may break: words, and a hyphenated word after its
    hyphen ("Engelsstern-", "Schrein")."""
    return [p for w in label.split() for p in re.findall(r"[^-]+-|[^-]+$|-", w)]


def _join(pieces: list[str]) -> str:
    out = ""
    for p in pieces:
        out += p if not out or out.endswith("-") else " " + p
    return out


def _splits(pieces: list[str], n: int) -> list[tuple[str, ...]]:
    """Every way to set `pieces` on `n` lines, in order (none when there are too few)."""
    if len(pieces) < n:
        return []
    out = []
    for cuts in combinations(range(1, len(pieces)), n - 1):
        bounds = (0, *cuts, len(pieces))
        out.append(tuple(_join(pieces[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)))
    return out
