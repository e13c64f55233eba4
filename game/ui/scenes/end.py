"""End of game: the winner celebrated, standings (coins + treasure, R33), coins by
source per dragon, and each dragon's coins over the rounds."""

from __future__ import annotations

import math
import random

import pygame

from game import records
from game.i18n import _, n_
from game.ui import stats
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.button_menu import ButtonMenu
from game.ui.scenes.replay_viewer import ReplayScene
from game.ui.scenes.widgets import button
from game.words import dragon as dragon_name

CONFETTI = 60


def seed_words(seed: int | None) -> str:
    """The end screen's seed: what replays the game; hidden when the host stopped it
    before its end (it may be resumed)."""
    # TRANSLATORS: the seed is the number that replays a game
    return _("seed hidden (the game did not end)") if seed is None else _("seed {seed}").format(
        seed=seed)


class EndScene(ButtonMenu):
    shortcuts = {pygame.K_ESCAPE: "menu", pygame.K_r: "replay"}

    def __init__(self, app, controller):
        super().__init__(app)
        self.c = controller
        m = controller.match
        self.doc = m.snapshot()
        names = list(m.seat_names)
        self.names = names
        self.winner = m.winner
        self.rounds = m.round
        self.standings = stats.standings(m.scores(), self.doc)
        self.stats = stats.dragon_stats(m.events, names)
        self.series = stats.coins_by_round(m.events, names)
        self.t = 0.0
        # an online game the host ended (or that lost its host): no winner to celebrate
        self.ended_early: str | None = getattr(controller, "ended_early", None)
        self.joined = getattr(controller, "keep_seat", None) is not None  # a joining window
        rng = random.Random(controller.seed or 0)
        winners = self.winners()
        colours = [app.look.dragon_colour(n) for n in (winners or names)]
        colours += [app.look.colour("gold"), (250, 246, 235), (214, 84, 70), (110, 190, 110)]
        self.confetti = [(rng.random(), rng.random() * 1.5, rng.uniform(0.6, 1.3),
                          rng.choice(colours), rng.uniform(0, math.tau))
                         for _ in range(0 if self.ended_early else CONFETTI)]
        self.records_line = self._record(app, controller)  # issue 36: records, move up
        controller.close()  # the AI worker and the match's world are no longer needed

    def _record(self, app, c) -> str:
        """Count a finished game with a human seat in the records file; the line the
        end screen shows (a suggestion to move up a level, or why nothing was saved)."""
        data_dir = getattr(app, "data_dir", None)
        if self.ended_early or self.joined or data_dir is None:
            return ""
        seats = getattr(c, "seats", {})
        levels = {n: s.level for n, s in seats.items() if s.kind == "ai"}
        humans = [n for n, s in seats.items() if s.kind == "human"]
        board = getattr(c, "board", None)
        _level, line = records.record(
            data_dir, humans=humans, levels=levels, winners=self.winners(),
            scores=c.match.scores(), map_name=getattr(board, "title", None) or "Open Plain")
        return line

    def winners(self) -> list[str]:
        w = self.winner
        if isinstance(w, list):
            return w
        return [w] if w and w != "thief" else []

    def headline(self) -> str:
        if self.ended_early:
            return _("Ended early")
        w = self.winner
        if w == "thief":
            return _("The thief wins!")
        if isinstance(w, list):
            # TRANSLATORS: {dragons} is a list such as "Red dragon and Blue dragon"
            return _("{dragons} share the win!").format(dragons=_and(dragon_name(n) for n in w))
        return _("{dragon} wins!").format(dragon=dragon_name(w)) if w else _("Game over")

    def enter(self) -> None:
        self.app.sound.music.fade_out()  # the victory or defeat call is heard alone
        look = self.look
        w, h = self.app.screen.get_size()
        pad = look.px(24)
        self.frame = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        bw, bh = look.px(200), look.px(42)
        y = self.frame.bottom - bh - look.px(14)
        bw = min(bw, (self.frame.w - look.px(40) - 3 * look.px(10)) // 4)
        x = self.frame.right - look.px(20) - 4 * bw - 3 * look.px(10)
        step = bw + look.px(10)
        self.set_buttons({
            "again": button(self.ui, (x, y, bw, bh), _("Join game"), cls="@primary",
                            tip=_("Join a game hosted on another machine")) if self.joined
            else button(self.ui, (x, y, bw, bh), _("Play again"), cls="@primary",
                        tip=_("A new game with the same seats and map")),
            "replay": button(self.ui, (x + step, y, bw, bh), _("Watch replay"),
                             tip=_("The host keeps this game's replay") if self.joined else
                             _("Step through this game from its start") + " (R)",
                             enabled=not self.joined),
            "menu": button(self.ui, (x + 2 * step, y, bw, bh), _("Main menu")),
            "quit": button(self.ui, (x + 3 * step, y, bw, bh), _("Quit")),
        })
        self.nav.focus(0)
        # The game screen is replaced from inside a frame, after the manager's update:
        # its layer still holds the board's Hint/Menu/Undo and not these buttons, and the
        # next draw would show them through the panel. Rebuild the layer now.
        self.ui.update(0.0)

    @property
    def still(self) -> bool:
        """Reduce motion: no confetti, no pulse, the chart drawn whole at once."""
        return bool(getattr(self.app.settings, "reduce_motion", False))

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < 6.0 and not self.still

    def choose(self, key: str) -> None:
        if key == "again" and self.joined:  # the host sets up the next game
            from game.ui.scenes.online import JoinScene  # noqa: PLC0415 (online imports this module)

            self.app.main_menu()
            self.app.push(JoinScene(self.app))
        elif key == "again":
            setup = self.c.setup
            setup.seed = None
            self.app.main_menu()
            self.app.new_game(setup)
        elif key == "replay" and not self.joined:  # (a joiner has no history to replay)
            self.app.push(ReplayScene(self.app, self.c.session))
        elif key == "menu":
            self.app.main_menu()
        elif key == "quit":
            self.app.quit()

    # ----- drawing -----------------------------------------------------------------
    def draw(self, surface) -> None:
        look = self.look
        surface.blit(backdrop(look, surface.get_size()), (0, 0))
        f = self.frame
        panel_rect(surface, f, look)
        self._draw_confetti(surface)  # over the panel, under the words: never hides one
        left = pygame.Rect(f.x + look.px(24), f.y + look.px(20), int(f.w * 0.42), f.h)
        right = pygame.Rect(left.right + look.px(30), f.y + look.px(20),
                            f.right - left.right - look.px(54), f.h)
        y = self._draw_winner(surface, left)
        if self.ended_early:
            reason = self.ended_early[:1].upper() + self.ended_early[1:]
            why = look.fit_text(_("{reason}: no winner").format(reason=reason),
                                look.font(look.fs(18), bold=True), left.w, look.colour("gold"))
            surface.blit(why, (left.x, y - look.px(8)))
            y += why.get_height()
        # the records line sits above the buttons, wrapped to the left column (Words:
        # rendered here, so a language picked meanwhile applies); the deeds stop above it
        font = look.font(look.fs(16), bold=True)
        lines = look.wrap(_(self.records_line), font, left.w)[:2] if self.records_line else []
        ly = f.bottom - look.px(70) - len(lines) * font.get_linesize()
        self.deeds_bottom = ly - (look.px(10) if lines else 0)
        self._draw_standings(surface, left, y + look.px(10))
        for text in lines:
            surface.blit(font.render(text, True, look.colour("gold")), (left.x, ly))
            ly += font.get_linesize()
        # the sources table needs its rows; the chart (the coin race) takes the rest
        sources_h = look.px(64) + len(self.standings) * look.px(26)
        chart_h = max(int((f.h - look.px(100)) * 0.45),
                      f.h - look.px(20) - look.px(84) - sources_h - look.px(24))
        self._draw_chart(surface, pygame.Rect(right.x, right.y, right.w, chart_h))
        self._draw_sources(surface, pygame.Rect(right.x, right.y + chart_h + look.px(24),
                                                right.w, f.bottom - right.y - chart_h))

    def _draw_winner(self, surface, r: pygame.Rect) -> int:
        look = self.look
        winners = self.winners()
        size = look.px(120)
        x = r.x
        for n in winners[:3]:
            rays = _rays(look, size, 0.0 if self.still else self.t)
            clip = surface.get_clip()
            surface.set_clip(self.frame.inflate(-4, -4))  # inside the panel's gold edge
            surface.blit(rays, rays.get_rect(center=(x + size // 2, r.y + 6 + size // 2)))
            surface.set_clip(clip)
            glow = pygame.Surface((size + 40, size + 40), pygame.SRCALPHA)
            pulse = 0.8 if self.still else 0.6 + 0.4 * math.sin(self.t * 3)
            pygame.draw.circle(glow, (*look.dragon_colour(n), int(90 * pulse)),
                               (size // 2 + 20, size // 2 + 20), size // 2 + 18)
            surface.blit(glow, (x - 20, r.y - 14))
            surface.blit(look.sprite(f"dragon/{n}", size), (x, r.y + 6))
            x += size + look.px(8)
        if not winners:
            surface.blit(look.sprite("chest", size), (x, r.y + 6))
            x += size + look.px(8)
        # the headline in the largest type that fits beside the emblems ("Rot und Blau
        # teilen sich den Sieg!" is long), never into the column at the right
        room = r.right - x - look.px(12)
        for pt in (40, 34, 28, 24, 20):
            big = look.font(look.fs(pt), bold=True)
            if big.size(self.headline())[0] <= room:
                break
        t = look.fit_text(self.headline(), big, room, look.colour("gold"))
        surface.blit(t, (x + look.px(12), r.y + look.px(24)))
        rounds = n_("{n} round", "{n} rounds", self.rounds).format(n=self.rounds)
        target = _("target {n}").format(n=self.doc["options"]["target"])
        seed = look.text(f"{rounds} · {target} · {seed_words(self.c.shown_seed)}",
                         look.fs(15),
                         look.colour("text_dim"))
        surface.blit(seed, (x + look.px(14), r.y + look.px(24) + t.get_height()))
        return r.y + size + look.px(24)

    def _draw_standings(self, surface, r: pygame.Rect, y: int) -> None:
        look = self.look
        head = look.text(_("Standings"), look.fs(20), look.colour("gold"), bold=True)
        surface.blit(head, (r.x, y))
        y += head.get_height() + look.px(6)
        cols = (r.x + look.px(40), r.x + r.w - look.px(230), r.x + r.w - look.px(150),
                r.x + r.w - look.px(60))
        # the numbers start after the longest name (measured), never on top of it
        name_font = look.font(look.fs(17), bold=True)
        row_icon = look.px(36) - look.px(8)
        name_end = cols[0] + row_icon + look.px(8) + max(
            name_font.size(dragon_name(n))[0] for n, *_rest in self.standings) + look.px(10)
        if cols[1] - look.px(30) < name_end:
            span = (r.right - look.px(8) - name_end) / 3
            c1, c2, c3 = (round(name_end + span * (i + 0.5)) for i in range(3))
            cols = (cols[0], c1, c2, c3)
        small = look.font(look.fs(13))
        for text, cx in ((_("coins"), cols[1]), (_("treasure"), cols[2]),
                         (_("score"), cols[3])):
            t = small.render(text, True, look.colour("text_dim"))
            surface.blit(t, t.get_rect(midtop=(cx, y)))
        y += small.get_linesize()
        row_h = look.px(36)
        winners = set(self.winners())
        for i, (name, score, coins, treasure) in enumerate(self.standings):
            rr = pygame.Rect(r.x, y, r.w, row_h - look.px(4))
            bg = look.colour("panel_hi") if name in winners else look.colour("bg2")
            pygame.draw.rect(surface, bg, rr, border_radius=look.px(6))
            pygame.draw.rect(surface, look.dragon_colour(name),
                             (rr.x, rr.y, look.px(5), rr.h), border_radius=look.px(3))
            rank = look.text(f"{i + 1}.", look.fs(16), look.colour("text_dim"), bold=True)
            surface.blit(rank, (rr.x + look.px(10), rr.y + look.px(6)))
            icon = look.sprite(f"dragon/{name}", rr.h - look.px(4))
            surface.blit(icon, (cols[0], rr.y + look.px(2)))
            surface.blit(look.text(dragon_name(name), look.fs(17), look.colour("text"), bold=True),
                         (cols[0] + icon.get_width() + look.px(8), rr.y + look.px(5)))
            for value, cx, bold in ((coins, cols[1], False), (treasure, cols[2], False),
                                    (score, cols[3], True)):
                t = look.text(str(value), look.fs(18 if bold else 16),
                              look.colour("gold" if bold else "text"), bold=bold)
                surface.blit(t, t.get_rect(midtop=(cx, rr.y + look.px(5))))
            y += row_h
        self._draw_deeds(surface, r, y + look.px(16))

    def _draw_deeds(self, surface, r: pygame.Rect, y: int) -> None:
        """Claims made, pieces destroyed, fights won and lost, treasure: one line each."""
        look = self.look
        if y + look.px(60) > self.deeds_bottom:
            return
        head = look.text(_("Deeds"), look.fs(20), look.colour("gold"), bold=True)
        surface.blit(head, (r.x, y))
        y += head.get_height() + look.px(4)
        small = look.font(look.fs(14))
        for name, *_rest in self.standings:
            if y + small.get_linesize() > self.deeds_bottom:
                break
            s = self.stats[name]
            claims = n_("{n} claim", "{n} claims", s.claims).format(n=s.claims)
            # TRANSLATORS: one dragon's deeds in a game; {claims} is "3 claims"
            text = _("{dragon}: {claims}, {destroyed} destroyed, fights {won} won / {lost} "
                     "lost").format(dragon=dragon_name(name), claims=claims, destroyed=s.destroyed,
                                    won=s.attacks_won, lost=s.attacks_lost)
            if s.treasure:
                text = _("{deeds}, treasure {n}").format(deeds=text, n=s.treasure)
            # a long line (French, Polish) goes on under itself rather than being cut
            for part in look.wrap(text, small, r.w):
                if y + small.get_linesize() > self.deeds_bottom:
                    break
                surface.blit(look.fit_text(part, small, r.w, look.colour("text_dim")),
                             (r.x, y))
                y += small.get_linesize()

    def _draw_chart(self, surface, r: pygame.Rect) -> None:
        look = self.look
        head = look.text(_("Coins over the rounds"), look.fs(20), look.colour("gold"), bold=True)
        surface.blit(head, (r.x, r.y))
        plot = pygame.Rect(r.x + look.px(36), r.y + head.get_height() + look.px(10),
                           r.w - look.px(44), r.h - head.get_height() - look.px(36))
        pygame.draw.rect(surface, look.colour("bg2"), plot, border_radius=look.px(6))
        top = max([max(s) for s in self.series.values()] + [self.doc["options"]["target"], 1])
        n = max(len(s) for s in self.series.values())
        small = look.font(look.fs(12))
        inner = plot.inflate(-look.px(16), -look.px(16))

        def pt(i, v):
            x = inner.x + (inner.w - 1) * (i / max(1, n - 1))
            y = inner.bottom - inner.h * (v / top)
            return (round(x), round(y))

        # faint rows every quarter of the scale, and a column per round: a board's grid
        for k in range(1, 4):
            gy = pt(0, top * k / 4)[1]
            pygame.draw.line(surface, look.colour("panel_hi"), (plot.x + 2, gy),
                             (plot.right - 3, gy), 1)
        target = self.doc["options"]["target"]
        ty = pt(0, target)[1]
        for x in range(plot.x, plot.right, look.px(12)):
            pygame.draw.line(surface, look.colour("gold_dim"), (x, ty), (x + look.px(6), ty), 1)
        tl = small.render(_("target {n}").format(n=target), True, look.colour("gold"))
        surface.blit(tl, tl.get_rect(bottomleft=(plot.x + 6, ty - 2)))
        for v in (0, top // 2, top):
            lab = small.render(str(v), True, look.colour("text_dim"))
            surface.blit(lab, lab.get_rect(midright=(plot.x - 6, pt(0, v)[1])))
        step = max(1, n // 10)
        for i in range(0, n, step):
            lab = small.render(str(i), True, look.colour("text_dim"))
            surface.blit(lab, lab.get_rect(midtop=(pt(i, 0)[0], plot.bottom + 3)))
        shown = 1.0 if self.still else min(1.0, self.t / 1.6)  # lines draw themselves in
        upto = max(2, int(n * shown) + 1)
        winners = self.winners()
        # the winner's race is shaded under its line; the others are lines over it
        for name in [n for n in self.names if n in winners][:1]:
            pts = [pt(i, v) for i, v in enumerate(self.series[name][:upto])]
            if len(pts) >= 2:
                shade = pygame.Surface(plot.size, pygame.SRCALPHA)
                poly = [(x - plot.x, y - plot.y) for x, y in
                        [(pts[0][0], inner.bottom), *pts, (pts[-1][0], inner.bottom)]]
                pygame.draw.polygon(shade, (*self._line_colour(name), 46), poly)
                surface.blit(shade, plot)
        order = [n for n in self.names if n not in winners] + \
            [n for n in self.names if n in winners]  # the winners drawn last, on top
        ends = []
        for name in order:
            pts = [pt(i, v) for i, v in enumerate(self.series[name][:upto])]
            if len(pts) < 2:
                continue
            colour = self._line_colour(name)
            width = look.px(4) if name in winners else look.px(2)
            pygame.draw.lines(surface, (12, 13, 20), False, pts, width + 2)  # an outline
            pygame.draw.lines(surface, colour, False, pts, width)
            for p in pts[1:-1]:
                pygame.draw.circle(surface, colour, p, max(2, width - 1))
            ends.append((name, pts[-1]))
        for name, end in ends:  # the dragons' heads lead their lines
            icon = look.sprite(f"dragon/{name}", look.px(26 if name in winners else 22))
            surface.blit(icon, icon.get_rect(center=end))

    def _line_colour(self, name: str) -> tuple[int, int, int]:
        colour = self.look.dragon_colour(name)
        if sum(colour) < 240:  # a dark dragon (Black) still reads on the dark chart
            r, g, b = (min(255, c + 70) for c in colour)
            return (r, g, b)
        return colour

    def _draw_sources(self, surface, r: pygame.Rect) -> None:
        look = self.look
        head = look.text(_("Where the coins came from"), look.fs(20), look.colour("gold"),
                         bold=True)
        surface.blit(head, (r.x, r.y))
        y = r.y + head.get_height() + look.px(8)
        # TRANSLATORS: column heads: coins from tribute, destroying, stealing, attacks; lost
        labels = (_("tribute"), _("destroy"), _("steal"), _("attack"), _("lost"))
        cw = (r.w - look.px(130)) // len(labels)
        for pt in (13, 12, 11, 10):  # long heads ("niszczenie", "kradzież") never touch
            small = look.font(look.fs(pt))
            if max(small.size(lab)[0] for lab in labels) <= cw - look.px(6):
                break
        for i, lab in enumerate(labels):
            t = small.render(lab, True, look.colour("text_dim"))
            surface.blit(t, t.get_rect(midtop=(r.x + look.px(130) + cw * i + cw // 2, y)))
        y += small.get_linesize() + look.px(2)
        line = look.px(26)
        for name, *_rest in self.standings:
            s = self.stats[name]
            icon = look.sprite(f"dragon/{name}", line - look.px(4))
            surface.blit(icon, (r.x, y))
            surface.blit(look.text(dragon_name(name), look.fs(15), look.colour("text")),
                         (r.x + icon.get_width() + look.px(6), y + look.px(2)))
            values = [s.gained[k] for k in stats.SOURCES] + [-s.lost]
            for i, v in enumerate(values):
                colour = look.colour("red" if v < 0 else ("text" if v else "text_off"))
                t = look.text(str(v), look.fs(15), colour, bold=bool(v) and v > 0)
                surface.blit(t, t.get_rect(midtop=(r.x + look.px(130) + cw * i + cw // 2,
                                                   y + look.px(2))))
            y += line

    def _draw_confetti(self, surface) -> None:
        if self.t > 6.0 or self.still:
            return
        w, h = surface.get_size()
        look = self.look
        for x0, delay, speed, colour, phase in self.confetti:
            t = self.t - delay
            if t < 0:
                continue
            y = t * speed * h * 0.35 - 10
            if y > h:
                continue
            x = x0 * w + math.sin(t * 3 + phase) * 20
            size = look.px(11)
            flip = abs(math.sin(t * 5 + phase))  # a paper square turning as it falls
            rect = pygame.Rect(int(x), int(y), size, max(size // 3, int(size * flip)))
            pygame.draw.rect(surface, colour, rect)


_rays_cache: dict = {}


def _rays(look, size: int, t: float) -> pygame.Surface:
    """Gold rays fanned behind the winner (1.5 times its size), turning slowly; a few
    angles cached, so the celebration costs a blit."""
    step = round((t * 6) % 30) % 30  # degrees; twelve rays repeat every 30
    key = (size, step)
    if key not in _rays_cache:
        side = (size * 3 // 4) * 2  # even, 1.5x the dragon
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        c = side / 2
        gold = look.colour("gold")
        for k in range(12):
            a = math.radians(k * 30 + step)
            w = math.radians(7)
            pts = [(c, c), (c + c * math.cos(a - w), c + c * math.sin(a - w)),
                   (c + c * math.cos(a + w), c + c * math.sin(a + w))]
            pygame.draw.polygon(surf, (*gold, 30), pts)
        # fade towards the rim: a soft disc of the panel's colour over the tips
        rim = pygame.Surface((side, side), pygame.SRCALPHA)
        for i in range(8):
            pygame.draw.circle(rim, (*look.colour("panel"), 22), (c, c), c - i * c / 16,
                               max(1, round(c / 16)))
        surf.blit(rim, (0, 0))
        if len(_rays_cache) > 64:
            _rays_cache.clear()
        _rays_cache[key] = surf
    return _rays_cache[key]


def _and(names) -> str:
    """"A, B and C" in the language in use."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    # TRANSLATORS: the end of a list: "{rest} and {last}" ("Red, Blue and Gold")
    return _("{rest} and {last}").format(rest=", ".join(names[:-1]), last=names[-1])
