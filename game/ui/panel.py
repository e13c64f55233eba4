"""The side panel: round, phase, target, the chest, and one row per dragon.

`panel_model` turns a (seat-view) state document into plain rows a test can read;
`PanelView` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game import content, i18n
from game.i18n import N_, _, p_
from game.tables import CARD_TITLES, RING_COUNT
from game.ui import art
from game.ui.words import AI_LEVELS, coins, dragon

HIDDEN = "hidden"


@dataclass
class DragonRow:
    name: str
    label: str          # "Red"
    who: str            # "You", "Human", "AI · normal"
    coins: int
    treasure: int       # sum of token values (public, R32)
    tokens: int
    rings: int          # in supply
    rings_total: int
    card: str | None    # None, "hidden" or the card's name (own card face)
    score: int
    turn_index: int | None  # place in this round's turn order (0 = first), or None
    is_turn: bool       # the dragon whose turn it is
    deciding: bool      # the dragon the game waits for (reactions, choices)
    absent: bool = False  # online: the person is away or an AI stands in for them


@dataclass
class PanelModel:
    round: int
    phase: str
    target: int
    chest_coins: int
    cards: bool
    turn: str | None
    actions_left: int
    rows: list[DragonRow] = field(default_factory=list)

    def headlines(self) -> list[str]:
        """The headline, then shorter forms for a narrow panel."""
        full = self.headline()
        return [full, _("Round {n}").format(n=self.round)] if self.round else [full]

    def headline(self) -> str:
        if self.phase == "finished":
            return _("Round {n} · game over").format(n=self.round)
        if not self.round:
            return _("Setting up")
        phase = _(PHASES[self.phase]) if self.phase in PHASES else self.phase.capitalize()
        # TRANSLATORS: {n} is the round's number, {phase} such as "Action phase"
        return _("Round {n} · {phase}").format(n=self.round, phase=phase)


# the phases of a round, as the panel and the banners name them
PHASES = {"setup": N_("Setup phase"), "draw": N_("Draw phase"),
          "populate": N_("Populate phase"), "action": N_("Action phase"),
          "tribute": N_("Tribute phase")}


def panel_model(doc: dict, seats: dict | None = None, *, deciding: str | None = None,
                viewer: str | None = None) -> PanelModel:
    order = doc.get("order") or []
    rows = []
    by_seat = sorted(doc["dragons"].items(), key=lambda kv: kv[1]["seat"])
    for name, d in by_seat:
        seat = (seats or {}).get(name)
        if seat is None:
            who = ""
        elif seat.kind == "human":
            who = "You" if name == viewer else "Human"
        elif getattr(seat, "text", ""):  # an online game's seat (game/ui/net_window.py)
            who = seat.text
        else:
            # TRANSLATORS: {level} is an AI level such as "Normal"
            who = _("AI · {level}").format(level=_(AI_LEVELS.get(seat.level, seat.level)))
        if seat is not None and seat.kind == "human":
            who = _(who)  # SEAT_WORDS
        treasure = sum(d["treasure"])
        rows.append(DragonRow(
            name=name, label=dragon(name), who=who, coins=d["coins"], treasure=treasure,
            tokens=len(d["treasure"]), rings=d["rings_in_supply"],
            rings_total=RING_COUNT[name], card=d.get("card"),
            score=d["coins"] + treasure,
            turn_index=order.index(name) if name in order else None,
            is_turn=(doc.get("turn") == name), deciding=(deciding == name),
            absent=bool(getattr(seat, "absent", False))))
    return PanelModel(round=doc["round"], phase=doc["phase"], target=doc["options"]["target"],
                      chest_coins=doc["chest"]["coins"], cards=bool(doc["options"].get("cards")),
                      turn=doc.get("turn"), actions_left=doc.get("actions_left", 0), rows=rows)


def status_lines(row: DragonRow, model: PanelModel) -> list[str]:
    """A row's small print under the name, longest first (the first that fits is drawn):
    what the dragon is doing, or its seat and place in the turn order. An awaited online
    player who is away says so first, told by the seat's flag, not its words."""
    if row.is_turn:
        n = model.actions_left
        # TRANSLATORS: the dragon whose turn it is; {n} actions left
        subs = [_("acting · {n} left").format(n=n), _("{n} left").format(n=n)]
    elif row.deciding:
        subs = [_("deciding…")]
    else:
        subs = []
    if (row.is_turn or row.deciding) and row.who and row.absent:
        # online: the awaited player is away, which matters more than what is asked
        subs = [f"{row.who} · {subs[0]}", row.who]
    elif not (row.is_turn or row.deciding):
        who = row.who
        subs = [who, who.split(" · ")[0]] if who else [""]  # "AI · hard", "AI"
        if row.turn_index is not None and model.phase == "action":
            nth = _(ORDINAL[row.turn_index])
            subs = [f"{nth} · {who}" if who else nth, nth]
    return subs


# a dragon's place in the round's turn order
# a person's seat in a row's small print (translated where the row is made)
SEAT_WORDS = (N_("You"), N_("Human"))
ORDINAL = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"),
           N_("8th"))


def card_tip(row: DragonRow) -> list[str]:
    """The tooltip of a row's card: the card's own words when the viewer may read it."""
    if row.card is None:
        # TRANSLATORS: {dragon} is a dragon's name
        return [_("{dragon} holds no power card").format(dragon=row.label)]
    if row.card == HIDDEN:
        return [_("{dragon}'s power card").format(dragon=row.label),
                _("Hidden: only its owner sees it")]
    d = content.card(row.card)
    # TRANSLATORS: {card} is a power card's name, {dragon} its holder
    return [_("{card}  ·  {dragon}'s card").format(card=_(d.title), dragon=row.label),
            _(d.effect), _(d.timing) + "."]


def crown_tip(row: DragonRow) -> list[str]:
    # TRANSLATORS: the tip of the leader's crown; {n} is its coins
    return [p_("crown", "Leader"), _("{dragon} has the most coins now ({n})").format(
        dragon=row.label, n=row.coins)]


class PanelView:
    def __init__(self, look):
        self.look = look
        self.tips: list[tuple[pygame.Rect, list[str]]] = []  # what hovering shows
        self.card_spots: list[pygame.Rect] = []  # where the rows' cards are (their tips)
        # one line a dragon (name, rings, card, coins): a short window keeps room for
        # the log's six lines (issue 33); the seat's status is then in the banner
        self.compact = False
        self.columns = 1
        self._key: tuple | None = None  # what the last drawing showed (see draw)
        self._picture: pygame.Surface | None = None
        self._tips: list[tuple[pygame.Rect, list[str]]] = []

    def tip_at(self, pos) -> list[str] | None:
        """The tooltip lines of what is under `pos` (a card, the crown), or None."""
        for rect, lines in self.tips:
            if rect.collidepoint(pos):
                return lines
        return None

    def header_height(self) -> int:
        return self.look.px(74)

    def row_height(self) -> int:
        return self.look.px(34 if self.compact else 62)

    def height(self, n: int) -> int:
        rows = -(-n // self.columns)
        return self.header_height() + rows * (self.row_height() + self.look.px(4)) \
            + self.look.px(6)

    def fit(self, n: int, room: int) -> None:
        """The roomiest rows that fit `n` dragons in `room` pixels: full rows, else
        compact ones, else compact ones in two columns."""
        for compact, columns in ((False, 1), (True, 1), (True, 2)):
            self.compact, self.columns = compact, columns
            if self.height(n) <= room:
                return

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, model: PanelModel,
             leader: str | None = None) -> None:
        """The dragons' rows: drawn when what they show changes, else the picture of
        the last drawing blitted back (issue 34: a frame of the board screen redraws at
        60 Hz while anything moves; the rows change a few times a turn). The rows are
        drawn over the panel's plain background, so the copy holds only them."""
        key = (tuple(rect), model, leader, self.compact, self.columns, self.look.scale,
               self.look.text_scale, self.look.palette, i18n.language())
        area = rect.clip(surface.get_rect())
        if key == self._key and self._picture is not None and \
                self._picture.get_size() == area.size:
            surface.blit(self._picture, area)
            self.tips = list(self._tips)
            return
        self._draw(surface, rect, model, leader)
        self._picture = surface.subsurface(area).copy() if area.w and area.h else None
        self._key, self._tips = key, list(self.tips)

    def _draw(self, surface: pygame.Surface, rect: pygame.Rect, model: PanelModel,
              leader: str | None = None) -> None:
        look = self.look
        x, y, w = rect.x, rect.y, rect.w
        head_font = look.font(look.fs(19), bold=True)
        head = look.first_fit(model.headlines(), head_font, w - look.px(20))
        surface.blit(look.text(head, look.fs(19), look.colour("gold"), True),
                     (x + look.px(10), y + look.px(8)))
        coin = look.sprite("coin", look.px(18))
        chest = look.sprite("chest", look.px(22))
        line2 = y + look.px(40)
        # TRANSLATORS: the coins a dragon needs to win
        t = look.text(_("Target: more than {n} coins").format(n=model.target), look.fs(14))
        surface.blit(t, (x + look.px(10), line2))
        chest_text = look.text(str(model.chest_coins), look.fs(14))
        cx = rect.right - look.px(12) - chest_text.get_width()
        surface.blit(chest_text, (cx, line2))
        surface.blit(chest, (cx - chest.get_width() - look.px(4), line2 - look.px(3)))
        y += self.header_height()
        self.tips = []
        self.card_spots = []
        cw = (w - look.px(8) - look.px(4) * (self.columns - 1)) // self.columns
        for i, row in enumerate(model.rows):
            col, line = i % self.columns, i // self.columns
            r = pygame.Rect(x + look.px(4) + col * (cw + look.px(4)),
                            y + line * (self.row_height() + look.px(4)), cw, self.row_height())
            self._row(surface, r, row, model, coin, leader == row.name)

    def _card_spot(self, rect: pygame.Rect, row: DragonRow) -> None:
        self.tips.append((rect, card_tip(row)))
        self.card_spots.append(rect)

    @staticmethod
    def _bits(row: DragonRow, model: PanelModel, card_name: bool = True
              ) -> list[tuple[str, str]]:
        """(sprite, text) of the second line's right side: treasure, rings, card (its
        name only when `card_name`: a narrow panel shows the card's picture alone)."""
        bits = []
        if row.tokens:
            bits.append(("treasure", f"{row.treasure}"))
        bits.append((f"ring/{row.name}", f"{row.rings}/{row.rings_total}"))
        if model.cards:
            bits.append(("card/back" if row.card in (None, HIDDEN) else art.card_art(row.card),
                         "?" if row.card == HIDDEN else ("–" if row.card is None else
                                                           _card_title(row.card)
                                                           if card_name else "")))
        return bits

    def _bits_width(self, bits) -> int:
        look = self.look
        font = look.font(look.fs(13))
        return sum(font.size(text)[0] + look.px(18) + look.px(3) + look.px(10)
                   for _sprite, text in bits) - look.px(10)

    def _row(self, surface, r, row: DragonRow, model: PanelModel, coin, leading: bool) -> None:
        look = self.look
        colour = look.dragon_colour(row.name)
        bg = look.colour("panel_hi" if row.is_turn or row.deciding else "panel")
        pygame.draw.rect(surface, bg, r, border_radius=look.px(8))
        pygame.draw.rect(surface, colour, (r.x, r.y, look.px(6), r.h),
                         border_top_left_radius=look.px(8), border_bottom_left_radius=look.px(8))
        if row.is_turn or row.deciding:
            pygame.draw.rect(surface, look.colour("gold"), r, 2, border_radius=look.px(8))
        icon = look.sprite(f"dragon/{row.name}", r.h - look.px(10))
        surface.blit(icon, (r.x + look.px(10), r.y + look.px(5)))
        tx = r.x + look.px(14) + icon.get_width()
        # right: coins (big), then treasure, rings and card on the second line
        ct = look.text(str(row.coins), look.fs(22), bold=True)
        right = r.right - look.px(10)
        surface.blit(ct, ct.get_rect(topright=(right, r.y + look.px(4))))
        coin_x = right - ct.get_width() - look.px(4) - coin.get_width()
        surface.blit(coin, (coin_x, r.y + look.px(9)))
        if self.compact:
            self._compact_rest(surface, r, row, model, tx, coin_x, leading)
            return
        # left: the name, and under it the seat or what it is doing, each measured
        # against what is drawn on its right so nothing runs into the numbers
        crown_w = look.px(22) if leading else 0
        name_font = _name_font(look, row.label.split(" (")[0], (17, 15, 13),
                               coin_x - tx - crown_w - look.px(6))
        label = look.first_fit([row.label, row.label.split(" (")[0]], name_font,
                               coin_x - tx - crown_w - look.px(6))
        name = look.fit_text(label, name_font, coin_x - tx - crown_w - look.px(6),
                             look.colour("text"))
        surface.blit(name, (tx, r.y + look.px(6)))
        if leading:
            cx, cy, cw = tx + name.get_width() + look.px(6), r.y + look.px(10), look.px(16)
            _crown(surface, look, cx, cy, cw)
            self.tips.append((pygame.Rect(cx - 2, cy - 4, cw + 4, cw), crown_tip(row)))
        sub_font = look.font(look.fs(13))
        bits = self._bits(row, model)
        subs = status_lines(row, model)
        room = right - self._bits_width(bits) - tx - look.px(8)
        if sub_font.size(subs[-1])[0] > room:
            bits = self._bits(row, model, card_name=False)
            room = right - self._bits_width(bits) - tx - look.px(8)
        sub = look.first_fit(subs, sub_font, room)
        if sub:
            colour = look.colour("gold" if row.is_turn else "text_dim")
            text = look.fit_text(sub, sub_font, room, colour) if sub_font.size(sub)[0] > room \
                else look.text(sub, look.fs(13), colour)
            surface.blit(text, (tx, r.y + look.px(28)))
        x = right
        y2 = r.y + look.px(36)
        for i, (sprite, text) in enumerate(reversed(bits)):
            t = look.text(text, look.fs(13), look.colour("text_dim"))
            end = x
            x -= t.get_width()
            surface.blit(t, (x, y2 + look.px(2)))
            ic = look.sprite(sprite, look.px(18))
            x -= ic.get_width() + look.px(3)
            surface.blit(ic, (x, y2))
            if i == 0 and model.cards:  # the card is the last bit
                self._card_spot(pygame.Rect(x - 2, y2 - 2, end - x + 4, look.px(22)), row)
            x -= look.px(10)

    def _compact_rest(self, surface, r, row: DragonRow, model: PanelModel, tx: int,
                      coin_x: int, leading: bool) -> None:
        """A compact row: the rings and card left of the coins, the name in what is left
        (the crown's tip stays on the name)."""
        look = self.look
        bits = self._bits(row, model, card_name=False)
        x = coin_x - look.px(10)
        # hovering the row tells what the compact row leaves out: the seat's status,
        # and (too narrow for them) the rings and card
        tip = [f"{row.label}: {coins(row.coins)}", _status(row, model)]
        name_font = look.font(look.fs(15), bold=True)
        # the name whole before the rings and card: they go to the row's tip instead
        need = name_font.size(row.label.split(" (")[0])[0] + (look.px(22) if leading else 0)
        if x - self._bits_width(bits) - tx < max(look.px(56), need):
            tip += [_("Claim rings left: {n}/{total}").format(n=row.rings,
                                                               total=row.rings_total),
                    *(card_tip(row) if model.cards else [])]
            bits = []
        y2 = r.y + look.px(8)
        for i, (sprite, text) in enumerate(reversed(bits)):
            end = x
            if text:
                t = look.text(text, look.fs(13), look.colour("text_dim"))
                x -= t.get_width()
                surface.blit(t, (x, y2 + look.px(2)))
            ic = look.sprite(sprite, look.px(18))
            x -= ic.get_width() + look.px(3)
            surface.blit(ic, (x, y2))
            if i == 0 and model.cards:
                self._card_spot(pygame.Rect(x - 2, y2 - 2, end - x + 4, look.px(22)), row)
            x -= look.px(8)
        room = x - tx - (look.px(22) if leading else 0)
        name_font = _name_font(look, row.label.split(" (")[0], (15, 13), room)
        label = look.first_fit([row.label, row.label.split(" (")[0]], name_font, room)
        colour = look.colour("gold" if row.is_turn else "text")
        name = look.fit_text(label, name_font, room, colour)
        surface.blit(name, (tx, r.y + look.px(7)))
        if leading:
            cx, cy, cw = tx + name.get_width() + look.px(4), r.y + look.px(10), look.px(16)
            _crown(surface, look, cx, cy, cw)
            self.tips.append((pygame.Rect(cx - 2, cy - 4, cw + 4, cw), crown_tip(row)))
        self.tips.append((pygame.Rect(r), [t for t in tip if t]))  # after the card's


def _name_font(look, name: str, sizes: tuple[int, ...], room: int):
    """The largest of `sizes` (pt) whose bold font fits `name` in `room`: a dragon's name
    is smaller before it is cut ("Cuivre", "Nieumarły" in a narrow row)."""
    for pt in sizes:
        font = look.font(look.fs(pt), bold=True)
        if font.size(name)[0] <= room:
            return font
    return font


def _status(row: DragonRow, model: PanelModel) -> str:
    """A row's status line in full (the compact row's tooltip)."""
    if row.is_turn:
        return _("acting · {n} left").format(n=model.actions_left)
    if row.deciding:
        return _("deciding…")
    if row.turn_index is not None and model.phase == "action":
        nth = _(ORDINAL[row.turn_index])
        return f"{nth} · {row.who}" if row.who else nth
    return row.who or ""


def _card_title(card: str) -> str:
    return _(CARD_TITLES.get(card) or card.replace("_", " ").title())


def _crown(surface, look, x: int, y: int, w: int) -> None:
    """The leader's crown (drawn: the shipped font has no star glyph)."""
    h = w * 2 // 3
    pts = [(x, y + h), (x, y + h // 3), (x + w // 4, y + h * 2 // 3), (x + w // 2, y),
           (x + w * 3 // 4, y + h * 2 // 3), (x + w, y + h // 3), (x + w, y + h)]
    pygame.draw.polygon(surface, look.colour("gold"), pts)
    pygame.draw.polygon(surface, look.colour("gold_dim"), pts, 1)
