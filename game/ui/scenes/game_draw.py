"""The board screen's drawing: the board with its animation step, the banner strip
with the status line, the action bar and the side panel with the log.

`GameDraw` reads the board screen it serves and draws it; it changes nothing but what
the screen keeps of the last frame (`scene.panel_model`, `scene.status_rect`). The
panel and the status line are asked of the screen (`_draw_panel`, `_prompt_text`), so a
screen built on the board screen (the tutorial) can change them.
"""

from __future__ import annotations

import re

import pygame

from game.decisions import title
from game.i18n import N_, _
from game.log import describe
from game.ui import edge_coords, shown_board
from game.ui.bindings import label
from game.ui.chat_view import has_chat
from game.ui.dice_anim import draw_location, draw_roll, landed_words, rolling_words, tray_rect
from game.ui.net_status import compact
from game.ui.panel import panel_model
from game.ui.scenes.widgets import PACE_NAMES
from game.words import shown as in_language

# The status line while a card with no event of its own is on screen.
STEP_WORDS = {"summary": N_("Tribute is paid"),
              "setup_summary": N_("The board is set up")}


class GameDraw:
    def __init__(self, scene):
        self.scene = scene

    def draw(self, surface) -> None:
        s = self.scene
        look = s.look
        step = s.animation.current
        hidden = []
        moving = None
        if step is not None and step.kind == "move":
            e = step.events[0]
            hidden.append(f"dragon/{e['dragon']}")
            moving = e
        pulses = {}
        if step is not None and step.kind == "pulse":
            for e in step.events:
                if "at" in e:
                    pulses[tuple(e["at"])] = "info"
        hl = s._highlights() or pulses
        s.view.set_look(show_grid=s.app.settings.show_grid,
                           reduce_motion=s.app.settings.reduce_motion)
        s.view.draw(surface, shown_board.board_doc(s.shown), highlights=hl,
                       hover=(s.cursor if s.picker is not None or s.hover_cell is None
                              else s.hover_cell),
                       t=s.time if (s.picker is not None or step is not None) else None,
                       hidden=hidden, ambient=s.time)
        if s.hinted is not None:  # teach hook: the hint's target, marked
            s.overlays.draw_mark(surface, s.view, s.hint_cells(), s.board_area,
                                    s.time)
        if s.app.settings.show_coordinates:  # teach hook: cell numbers on the edges
            edge_coords.draw(surface, s.view, look, s.board_area)
        if s.effects.active:
            clip = surface.get_clip()
            surface.set_clip(s.board_area)
            s.effects.draw(surface, s.view, look, s.app.settings.reduce_motion)
            surface.set_clip(clip)
        if moving is not None and step is not None:  # a move step is showing
            s.overlays.draw_flight(surface, moving, step.progress)
        if step is not None and step.kind == "coins":
            s.overlays.draw_coins(surface, step.events[0], step.progress)
        self.draw_banner_strip(surface)
        if step is not None:
            if step.kind in ("dice", "dice2"):  # in a tray beside the board (issue 34)
                tray = tray_rect(look, s.board_area, s.view.board_rect(),
                                 s.panel_rect, tall=step.kind == "dice")
                if step.kind == "dice":
                    draw_roll(surface, look, tray, step.events[0], step.progress)
                else:
                    draw_location(surface, look, tray, step.events, step.data["what"],
                                  step.progress)
            elif step.kind == "banner":
                s.overlays.draw_banner(surface, step)
            elif step.kind == "summary":
                s.overlays.draw_summary(surface, step.data["tribute"], step.progress)
            elif step.kind == "setup_summary":
                s.overlays.draw_setup_summary(surface, step.data["lines"])
        s.bar.draw(surface)
        s._draw_panel(surface)  # (a screen may change the panel: the tutorial's)
        s.chat.draw(surface)

    def draw_after_ui(self, surface) -> None:
        s = self.scene
        if s.choice is not None and s.app.top is s:
            s.choice.draw(surface)
        if s.tip is not None and s.app.top is s:
            s.overlays.draw_tip(surface, *s.tip)

    def draw_panel(self, surface) -> None:
        s = self.scene
        look = s.look
        pygame.draw.rect(surface, look.colour("bg2"), s.panel_rect)
        pygame.draw.line(surface, look.colour("edge"), s.panel_rect.topleft,
                         s.panel_rect.bottomleft, 2)
        p = s.c.pending
        # "deciding…" once the question is up: not while an earlier roll still shows
        deciding = (p.dragon if p is not None and p.kind != "action" and s.animation.idle
                    else None)
        viewer = s._viewer()
        model = panel_model(s.shown, s.c.seats, deciding=deciding, viewer=viewer)
        s.panel_model = model  # as last drawn (tests read it)
        leader = None
        if model.rows:
            best = max(model.rows, key=lambda r: r.coins)
            if best.coins > 0:
                leader = best.name
        rect = pygame.Rect(s.panel_rect.x, s.panel_top, s.panel_rect.w,
                           s.panel.height(len(model.rows)))
        s.panel.draw(surface, rect, model, leader)
        if s.app.settings.show_log:
            s.log.draw(surface)
            t = look.text(_("Game log"), look.fs(14), look.colour("gold"), bold=True)
            surface.blit(t, (s.log_rect.x + look.px(4), s.log_rect.y - look.px(20)))
            hint = look.text(_("T chats  ·  L hides") if has_chat(s.c) else _("L hides"),
                             look.fs(12), look.colour("text_dim"))
            surface.blit(hint, hint.get_rect(topright=(s.log_rect.right - look.px(4),
                                                       s.log_rect.y - look.px(18))))

    def prompt_text(self) -> tuple[str, tuple]:
        s = self.scene
        look = s.look
        p = s.c.pending
        if s.error_time > 0 and s.banner_error:
            return s.banner_error, look.colour(getattr(s, "banner_colour", "red"))
        if s.c.finished:
            return _("The game is over"), look.colour("gold")
        if p is None:
            return "", look.colour("text")
        if not s.animation.idle:
            step = s.animation.current
            rolling = step is not None and rolling_words(
                step.kind, step.events, step.progress, (step.data or {}).get("what", ""))
            if rolling:  # the result shows once the die has landed
                return rolling, look.colour("text_dim")
            if step is not None and step.kind == "dice" and step.events \
                    and step.events[0].get("type") == "roll":
                return landed_words(step.events[0]), look.colour("text_dim")
            if step is not None and step.events:
                return describe(step.events[-1]).strip("=- "), look.colour("text_dim")
            # the summary cards carry no event of their own: name what the card shows
            shown = _(STEP_WORDS[step.kind]) if step is not None and step.kind in STEP_WORDS \
                else None
            return shown or "…", look.colour("text_dim")
        if not s.c.is_human(p.dragon):
            # online: who really plays the seat, and a dropped player's countdown
            online = getattr(s.c, "waiting_text", None)
            words = online(p.dragon) if online is not None else None
            return words or _("{dragon} (AI) is thinking…").format(dragon=title(p.dragon)), \
                look.colour("text_dim")
        if s.slot_key and s.picker is not None:
            slot = next((x for x in s.slots if x.key == s.slot_key), None)
            k = s.picker.key()
            what = {"to": _("where to land"), "at": _("a target"), "dragon": _("a dragon"),
                    "also": _("a second settlement (or none)")}.get(k or "", _("the target"))
            name = slot.label if slot else ""
            if k is None and s.choice is None:
                # a lone target: nothing to cycle, and the key comes first so the line
                # keeps it when it drops its hints to fit ("Destroy: click the target to
                # confirm" lost its "Enter confirms" at 100%, issue 33 play-through)
                # TRANSLATORS: the status line; keep each "  ·  ": the line drops the
                # parts after one, from the end, when it runs short of room
                # TRANSLATORS: {confirm} is the key that confirms ("Enter", or the
                # player's own)
                return (_("{action}: {confirm} confirms (or click the target)  ·  Esc "
                          "cancels").format(action=name, confirm=label("confirm")),
                        look.colour("gold"))
            if s.choice is not None:  # asked in a dialog: no target on the board
                return (_("{action}: answer in the dialog  ·  number keys or click, Esc "
                          "cancels").format(action=name), look.colour("gold"))
            # TRANSLATORS: {what} is "where to land", "a target", "a dragon" ...
            # {next}, {confirm}: the keys for the next target and to confirm ("Tab",
            # "Enter", or the player's own)
            return (_("{action}: click {what}  ·  {next} cycles, {confirm} confirms, Esc "
                      "cancels").format(action=name, what=what, next=label("next_target"),
                                        confirm=label("confirm")), look.colour("gold"))
        if p.kind == "action":
            return in_language(p.prompt) + "  ·  " + _("keys 1-0, E ends"), \
                look.colour("text")
        if s.choice is not None:  # the whole question is in its dialog
            return in_language(p.prompt) + "  ·  " + _(
                "Choose in the dialog: number keys, or click"), \
                look.colour("gold")
        return in_language(p.prompt), look.colour("gold")

    def draw_banner_strip(self, surface) -> None:
        s = self.scene
        look = s.look
        r = pygame.Rect(0, 0, s.board_area.w, s.banner_h)
        pygame.draw.rect(surface, look.colour("bar"), r)
        pygame.draw.line(surface, look.colour("edge"), r.bottomleft, r.bottomright, 1)
        p = s.c.pending
        x = look.px(10)
        if p is not None:
            icon = look.sprite(f"dragon/{p.dragon}", s.banner_h - look.px(8))
            surface.blit(icon, (x, look.px(4)))
            x += icon.get_width() + look.px(8)
        text, colour = s._prompt_text()  # (the tutorial's says more)
        pace = look.text(_("pace: {pace}").format(pace=_(PACE_NAMES.get(
            s.app.settings.pace, s.app.settings.pace))) + " (P)", look.fs(13),
                         look.colour("text_dim"))
        surface.blit(pace, pace.get_rect(midright=(r.right - look.px(10), r.centery)))
        font = look.font(look.fs(17), bold=True)
        right = r.right - pace.get_width() - look.px(24) - s.host_keys.room()
        btn = getattr(s, "hint_btn", None)
        if btn is not None:  # the line stops before the Hint button, never under it
            right = min(right, btn.rect.x - look.px(12))
        width = right - x
        if s.host_keys.shown:  # the buttons say F6/F7/F8: the line need not
            text = text.split("  ·  [F6")[0]
        # the status line drops its key hints ("  ·  " parts) from the end to fit
        parts = text.split("  ·  ")
        candidates = ["  ·  ".join(parts[:i]) for i in range(len(parts), 0, -1)]
        held = parts[0].split(" (your card:")[0]  # the card is on the panel too
        if held != parts[0]:
            # the card goes before the key hints do ("keys 1-0, E ends" was lost at
            # 125% and 150%, issue 33)
            if len(parts) > 1:
                candidates.insert(1, "  ·  ".join([held, *parts[1:]]))
            candidates.append(held)
        if parts[0].endswith(")") and " (" in parts[0]:  # "Destroy: Enter confirms (or
            # click the target)" was cut at 1024x640 and 150% (issue 33 audit); in any
            # language, the card in brackets goes too
            candidates.append(parts[0].rsplit(" (", 1)[0])
        if " — " in parts[0]:  # a hint: its reason is in the note under the banner
            candidates.append(parts[0].split(" — ")[0])
        if s.hint_short is not None and s.hint_short[0] == parts[0]:
            candidates.append(s.hint_short[1])  # then without the piece's name
        # an event's line in a long language ("Czarny (14) atakuje smoka Fioletowy (9):
        # wygrywa Czarny", issue 38 audit): without its rolls, then up to its colon (the
        # log has it whole)
        bare = re.sub(r" \(\d+\)", "", parts[0])
        if bare != parts[0]:
            candidates += [bare, bare.split(": ")[0]]
        short = compact(parts[0])  # an away player: the countdown must stay in sight
        if short != parts[0]:
            candidates.append(short)
        if s.choice is not None:
            candidates += [_("Choose in the dialog: number keys, or click"),
                           _("Choose in the dialog")]
        text = look.first_fit(candidates, font, width)
        for size in (15, 13):  # a long language in a small window: smaller, not cut
            if font.size(text)[0] <= width:
                break
            font = look.font(look.fs(size), bold=True)
            text = look.first_fit(candidates, font, width)
        t = look.fit_text(text, font, width, colour)
        s.status_text = text  # what the line holds (tests: which hints it kept)
        s.status_rect = surface.blit(t, t.get_rect(midleft=(x, r.centery)))
