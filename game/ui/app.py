"""The window: pygame-ce display, the pygame-gui manager, a scene stack, the main loop.

Scenes are pushed and popped (menu -> new game -> board -> end; overlays such as the
help, pause and hand-over screens sit on top of the board). The loop caps at 60 FPS and
only redraws when something changed: an input event, a running animation, a thinking
AI, a blinking text cursor or a tip about to open. When nothing moves it sleeps until
the soonest timed thing or the next event (game.ui.idle), so an idle window costs about
nothing.

Tests drive the same code through `App.step()` with posted events, under the dummy
video driver, without sleeping: `step(dt)` takes the frame time as an argument.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import warnings
import weakref
from pathlib import Path
from typing import cast

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import traceback  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from pygame_gui.core import UIContainer  # noqa: E402
from pygame_gui.elements import UITooltip  # noqa: E402

from game import i18n  # noqa: E402
from game.persistence.crash import emergency_save  # noqa: E402
from game.persistence.saves import data_dir as resolve_data_dir  # noqa: E402
from game.resources import asset, package_file  # noqa: E402
from game.ui import art, bindings, idle, png, scripts  # noqa: E402
from game.ui import settings as settings_mod  # noqa: E402
from game.ui.scale_fit import auto_scale, look_scale  # noqa: E402,F401 (old path)
from game.ui.scene import Scene  # noqa: E402
from game.ui.scenes.crash import CrashScene  # noqa: E402
from game.ui.scenes.load import LoadScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.sound import SoundSystem  # noqa: E402
from game.ui.sound.cues import CLICK  # noqa: E402
from game.ui.theme import Look  # noqa: E402

THEME = package_file("ui", "theme.json")
TITLE = "Narby Conquest"
ICON_FILE = "narby-conquest-64.png"
MIN_SIZE = (1024, 640)
HEARTBEAT = 0.25  # seconds between redraws while a text cursor blinks or a tip may open
TIP_WAIT = 1.5  # seconds a pointer resting on a widget may still open its tip (1 s delay)
NAV_KEYS = (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP,
            pygame.K_DOWN, pygame.K_F1, pygame.K_F11)


class App:
    def __init__(self, settings: settings_mod.Settings | None = None, *,
                 size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 data_dir: str | Path | None = None):
        stored = settings is None
        self.settings = (settings or settings_mod.load()).validated()
        self._choose_language(stored)
        # saves, autosaves and crash logs: --data-dir, else $NARBY_DATA_DIR, else the
        # user's data folder (game.persistence.saves.data_dir)
        self.data_dir = resolve_data_dir(data_dir)
        self.ai_mode = "worker"
        # where and how New game's Host online listens (`narby host` flags, tests)
        self.net_bind = "0.0.0.0"
        self.net_options: dict = {}
        # Unexpected errors become the crash screen with an emergency save (issue 8);
        # tests turn this off so a bug fails the test with its own traceback.
        self.catch_crashes = True
        self.crashed = False
        # the mixer opens before pygame.init(): no device means silence and one line
        self.sound = SoundSystem.open(self.settings)
        pygame.init()
        bindings.use(self.settings.keys)  # the board keys the player chose (issue 33)
        _forget_art()  # fonts cached before an earlier pygame.quit() are dead
        pygame.display.set_caption(TITLE)
        self.size = tuple(size or self.settings.window)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._open_window()
        self._set_icon()
        self.look = self._look()
        self.ui = self._manager()
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.busy = True  # a scene moved in the last frame: no sleeping (game.ui.idle)
        self._since_draw = 0.0
        self._pointer_still = 0.0  # seconds since the pointer last moved
        self.frames_drawn = 0
        self._key_opened = False  # the last KEYDOWN changed the screen (see _dispatch)
        _WINDOWS.add(self)

    # ----- language (issue 38) ---------------------------------------------------
    def _choose_language(self, stored: bool) -> None:
        """The words' language: `narby --lang` for this run, else the stored setting;
        on first start (none stored) the system's locale, remembered. Settings made by a
        caller (tests, the UI audit) without a language keep the one in use."""
        if stored and not self.settings.language:
            self.settings.language = i18n.system_language()
            settings_mod.save(self.settings)
        code = settings_mod.run_language or self.settings.language or i18n.language()
        i18n.set_language(code)

    def language_changed(self, _code: str) -> None:
        self.look = self._look()  # a new Look: its fonts follow the language
        self.rebuild()

    def set_language(self, code: str) -> None:
        """Show every word in `code` from now on (Settings' picker): remembered, and the
        screens built again at once, in its font."""
        s = settings_mod.Settings(**vars(self.settings))
        s.language = code
        self.settings = s.validated()
        settings_mod.save(self.settings)
        settings_mod.run_language = None  # the player's choice beats `narby --lang`
        i18n.set_language(self.settings.language)

    # ----- window ----------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.size, pygame.RESIZABLE)

    def _set_icon(self) -> None:
        """The game's icon (tools/make_art.py draws it), as the desktop entry shows it."""
        with contextlib.suppress(Exception):
            pygame.display.set_icon(pygame.image.load(str(asset("icons", ICON_FILE))))

    def _look(self) -> Look:
        # the setting, lowered where the window cannot hold it (game.ui.scale_fit)
        return Look(look_scale(self.settings.ui_scale, self.screen.get_size()),
                    self.settings.palette,
                    settings_mod.TEXT_SIZES.get(self.settings.text_size, 1.0))

    def _manager(self) -> pygame_gui.UIManager:
        theme = self.theme()
        ui = pygame_gui.UIManager(self.screen.get_size(), theme)
        regular, bold = art.font_files()  # Noto Sans, or Noto Sans JP for Japanese
        ui.add_font_paths("narby", regular, bold, regular, bold)
        scripts.register(ui)  # CJK faces for titles, read on first use
        sizes = {int(b["font"]["size"]) for b in theme.values()
                 if isinstance(b, dict) and "font" in b} | {14, 16, 18, 20}
        with warnings.catch_warnings():  # the theme already loaded some of them
            warnings.simplefilter("ignore")
            ui.preload_fonts([{"name": "narby", "point_size": size, "style": style}
                              for size in sorted(sizes)
                              for style in ("regular", "bold", "italic", "bold_italic")])
        return ui

    def theme(self) -> dict:
        """theme.json with the shipped font and sizes scaled by the UI-scale setting."""
        theme = json.loads(THEME.read_text(encoding="utf-8"))
        regular, bold = art.font_files()
        paths = {"regular_path": regular, "bold_path": bold,
                 "italic_path": regular, "bold_italic_path": bold}
        scale = self.look.scale if hasattr(self, "look") else self.settings.ui_scale
        for block in theme.values():
            font = block.get("font") if isinstance(block, dict) else None
            if font:
                font["size"] = str(max(8, round(int(font["size"]) * scale
                                                * art.font_scale())))
                if paths:
                    font.update(paths)
                else:
                    font["name"] = "noto_sans"
            misc = block.get("misc") if isinstance(block, dict) else None
            if misc and "list_item_height" in misc:
                misc["list_item_height"] = str(round(int(misc["list_item_height"]) * scale))
        scripts.theme_variants(theme)  # map titles in CJK: the same blocks in a CJK face
        return theme

    def apply_settings(self, new: settings_mod.Settings) -> None:
        """Take new settings at once: window, scale, palette; then remember them."""
        new = new.validated()
        old, self.settings = self.settings, new
        settings_mod.save(new)
        bindings.use(new.keys)
        self.sound.configure(new)
        window_changed = (new.window != old.window or new.fullscreen != old.fullscreen)
        if window_changed:
            self.size, self.fullscreen = tuple(new.window), new.fullscreen
            self.screen = self._open_window()
        if window_changed or new.ui_scale != old.ui_scale or new.palette != old.palette \
                or new.text_size != old.text_size:
            self.look = self._look()
            self.rebuild()

    def rebuild(self) -> None:
        """New UI manager (theme, size) and every scene's widgets built again."""
        for scene in reversed(self.scenes):
            scene.leave()
        self.ui = self._manager()
        self._enter_all()

    def resize(self, size: tuple[int, int]) -> None:
        top = settings_mod.MAX_WINDOW  # a dragged edge stays within the setting's range
        size = (max(MIN_SIZE[0], min(size[0], top[0])), max(MIN_SIZE[1], min(size[1], top[1])))
        if not self.fullscreen:
            self.size = size
            if self.screen.get_size() != size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            if tuple(self.settings.window) != size:
                # the Window size setting follows a dragged edge, and full screen off
                # comes back to this size
                s = settings_mod.Settings(**vars(self.settings))
                s.window = size
                self.settings = s.validated()
                settings_mod.save(self.settings)
        look = self._look()
        if abs(look.scale - self.look.scale) > 0.01:  # a bigger window, bigger text
            self.look = look
            self.rebuild()
            return
        self.ui.set_window_resolution(self.screen.get_size())
        for scene in reversed(self.scenes):
            scene.leave()
        self.ui.clear_and_reset()
        self._enter_all()

    def _enter_all(self) -> None:
        """Build every scene's widgets again, bottom first, each hiding those beneath."""
        for i, scene in enumerate(self.scenes):
            if i:
                root = self._root()
                scene.hidden_below = [el for el in list(root.elements) if el.visible]
                for el in scene.hidden_below:
                    el.hide()
            scene.enter()
        self.dirty = True

    def _root(self) -> UIContainer:
        # pygame-gui types the root as an optional container interface (without
        # `elements`); it is the manager's UIContainer, made with the manager
        return cast(UIContainer, self.ui.get_root_container())

    # ----- scenes ----------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].covered()
        # widgets of the scenes beneath would draw over this one: hide them until it goes
        root = self._root()
        _drop_tool_tips(root)
        scene.hidden_below = [el for el in list(root.elements) if el.visible]
        for el in scene.hidden_below:
            el.hide()
        self.scenes.append(scene)
        scene.enter()
        self.dirty = True
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        for el in getattr(scene, "hidden_below", ()):
            if el.alive():
                el.show()
        if self.scenes:
            self.scenes[-1].uncovered()
        self.dirty = True
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.pop()
        return self.push(scene)

    # Navigation back to the screens that lead to the others: scenes ask the app, so no
    # scene imports the menu, setup or load screens that import it (no import cycle).
    def main_menu(self) -> Scene:
        """Clear the stack down to a fresh main menu."""
        return self.reset_to(MenuScene(self))

    def new_game(self, setup=None) -> Scene:
        """Open the new-game screen over the current one (pre-filled from `setup`)."""
        return self.push(NewGameScene(self, setup))

    def load_screen(self, leaving=None) -> Scene:
        """Open the Load screen; `leaving` is the game scene a load would close."""
        return self.push(LoadScene(self, leaving=leaving))

    def reset_to(self, scene: Scene) -> Scene:
        while self.scenes:
            self.pop()
        return self.push(scene)

    def quit(self) -> None:
        """Leave the game: an unfinished game is autosaved first (P36)."""
        for scene in reversed(self.scenes):
            on_quit = getattr(scene, "on_quit", None)
            if on_quit:
                on_quit()
        self.running = False

    def session(self):
        """The game being played (the top-most board screen's session), or None."""
        for scene in reversed(self.scenes):
            c = getattr(scene, "c", None)
            if c is not None and getattr(c, "session", None) is not None:
                return c.session
        return None

    # ----- loop ------------------------------------------------------------------
    def step(self, dt: float, events: bool = True) -> None:
        """One frame (without reading events: the update after a sleep). An unexpected
        error anywhere in it becomes the crash screen (with an emergency save of the
        game) instead of the window vanishing."""
        if not self.catch_crashes:
            self._frame(dt, events)
            return
        try:
            self._frame(dt, events)
        except Exception as exc:  # the last net: keep the game, say where, stay open
            self.crash(exc)

    def crash(self, exc: BaseException) -> None:
        """Write an emergency save and a log, and show the crash screen."""
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        if self.crashed:  # the crash screen itself failed: nothing more to show
            self.running = False
            return
        self.crashed = True
        session = None
        with contextlib.suppress(Exception):
            session = self.session()
        save_path, log_path = emergency_save(session, self.data_dir, exc)
        for scene in reversed(self.scenes):  # stop AI workers; widgets go with the manager
            try:
                closer = getattr(scene, "close", None)
                if closer:
                    closer()
            except Exception:
                pass
        self.scenes.clear()
        with contextlib.suppress(Exception):  # a fresh manager: no half-built widgets
            self.ui = self._manager()

        self.push(CrashScene(self, exc, save_path, log_path,
                             kept_by_host=getattr(session, "kept_by_host", False)))

    def _frame(self, dt: float, events: bool = True) -> None:
        queued = pygame.event.get() if events else []
        if events:
            idle.woken()  # news that comes from now on wakes the loop again
        for event in queued:
            if event.type == idle.WAKE:  # only ends a sleep; update() reads the news
                continue
            self.dirty = True
            if event.type == pygame.MOUSEMOTION:
                self._pointer_still = 0.0
            self._dispatch(event)
        self._pointer_still += dt
        self.ui.update(dt)
        self.sound.update(dt)
        busy = False
        areas: list[pygame.Rect | None] = []  # what each scene that moved changed
        for scene in list(self.scenes):
            if scene in self.scenes and scene.update(dt):
                busy = True
                areas.append(scene.changed_area())
        self.busy = busy or self._music_fading()
        # nothing but a scene's own area moved (the board's ambient layer): redraw it
        # alone, the rest of the window stays as drawn (no input, no other change)
        rects = [a for a in areas if a is not None]
        only = (rects[0].unionall(rects[1:]) if busy and not self.dirty and rects
                and len(rects) == len(areas) else None)
        self.dirty |= busy
        self._since_draw += dt
        heartbeat = self._since_draw >= HEARTBEAT and self._ui_live()
        if self.dirty or heartbeat:
            self.draw(None if heartbeat else only)

    def _ui_live(self) -> bool:
        """The widgets change with time alone: a text cursor blinks, or the pointer
        has just come to rest on one whose tip opens after a delay."""
        return self._typing() or (self._pointer_still < TIP_WAIT
                                  and self.ui.get_hovering_any_element())

    def _music_fading(self) -> bool:
        music = getattr(self.sound, "music", None)
        return music is not None and getattr(music, "share", 0) != getattr(music, "target", 0)

    def rest_for(self) -> float:
        """Seconds the loop may sleep now (game.ui.idle.rest_for): none while anything
        moves, else until the soonest thing a scene or the widgets wait for."""
        dues = [scene.wake_in() for scene in self.scenes]
        if self._ui_live():
            dues.append(HEARTBEAT - self._since_draw)
        return idle.rest_for(self.busy or self.dirty, dues)

    def rest(self) -> None:
        """Sleep while nothing needs the window, then one frame for the time asleep (the
        ambient layer, a message's end, a network poll); an event that ended the sleep
        is handled by the next frame, whose time starts after this one."""
        seconds = self.rest_for()
        if seconds <= idle.FRAME:
            return  # the 60 Hz clock paces the loop
        slept = idle.wait(seconds)
        self.step(slept, events=False)
        self.clock.tick()

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            s = settings_mod.Settings(**vars(self.settings))
            s.fullscreen = not s.fullscreen
            self.apply_settings(s)
            return
        if event.type == pygame.TEXTINPUT and self._key_opened:
            # the text of a key that opened a screen (S in the pause menu opens the Save
            # dialog) must not type itself into the field that screen focuses
            return
        if event.type == pygame.KEYDOWN:
            self._key_opened = False
        used = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sound.cue(CLICK)
        top = self.top
        if top is None:
            return
        # Button presses etc. are custom events the scenes read; raw input already used
        # by a widget (typing into a text field) is not passed on as a shortcut.
        if used and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and self._typing():
            return
        top.handle(event)
        if event.type == pygame.KEYDOWN and self.top is not top:
            self._key_opened = True

    def key_opened(self) -> None:
        """The key being handled opened a text field: its text must not type itself in."""
        self._key_opened = True

    def _typing(self) -> bool:
        focus = self.ui.get_focus_set()
        return any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in focus or ())

    def draw(self, only: pygame.Rect | None = None) -> None:
        """Draw the window; with `only`, that rectangle alone (every layer drawn as for
        the whole window, clipped to it: its pixels are the whole drawing's)."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].overlay:
                start = i
                break
        self.screen.set_clip(only)
        try:
            if not (self.scenes and self.scenes[start].covers_screen):
                self.screen.fill(self.look.colour("bg"))
            for scene in self.scenes[start:]:
                scene.draw(self.screen)
            self.ui.draw_ui(self.screen)
            for scene in self.scenes[start:]:
                after = getattr(scene, "draw_after_ui", None)
                if after:
                    after(self.screen)
        finally:
            self.screen.set_clip(None)
        if only is None:
            pygame.display.flip()
        else:
            pygame.display.update(only)
        self.dirty = False
        self._since_draw = 0.0
        self.frames_drawn += 1

    def run(self) -> int:
        while self.running and self.scenes:
            dt = self.clock.tick(60) / 1000.0
            self.step(min(dt, 0.1))
            if self.running and self.scenes:
                self.rest()
        self.close()
        return 0

    def close(self) -> None:
        for scene in reversed(self.scenes):
            closer = getattr(scene, "close", None)
            if closer:
                closer()
        self.scenes.clear()
        _WINDOWS.discard(self)  # a closed window hears no more changes of language
        self.sound.close()
        _forget_art()
        pygame.quit()

    def screenshot(self, path: str | Path) -> None:
        self.draw()
        png.save(self.screen, path)


# open windows, told of each change of language (one listener for the process: i18n
# keeps its listeners for good, and a closed window must not be rebuilt)
_WINDOWS: weakref.WeakSet[App] = weakref.WeakSet()


def _tell_windows(code: str) -> None:
    for app in list(_WINDOWS):
        try:
            app.language_changed(code)
        except pygame.error:  # a window whose display is gone (never closed) hears no more
            _WINDOWS.discard(app)


i18n.on_change(_tell_windows)


def _drop_tool_tips(root) -> None:
    """A tip open under a screen being covered goes (pygame-gui tips cannot be hidden);
    its button makes a new one on the next hover."""
    for el in list(root.elements):
        if isinstance(el, UITooltip):
            el.kill()


def _forget_art() -> None:
    """Fonts do not outlive pygame.quit(); sprites do (game.ui.art keeps the scaled
    copies per display format), so a new window does not load and scale them again."""
    try:
        from game.ui import art  # noqa: PLC0415 (optional dependency, fails soft)
    except ImportError:
        return
    art.forget_fonts()


def open_app(size: tuple[int, int] | None = None, data_dir=None, *,
             quiet: bool = False) -> App | None:
    """An App on a real display, or None after printing why not (one line; nothing
    when quiet)."""
    try:
        app = App(size=size, data_dir=data_dir)
    except pygame.error as exc:
        if not quiet:
            print(f"narby: cannot open a window ({exc}); try 'narby --headless'",
                  file=sys.stderr)
        return None
    if pygame.display.get_driver() in ("dummy", "offscreen") and \
            "SDL_VIDEODRIVER" not in os.environ:
        app.close()
        if not quiet:
            print("narby: no display to open a window on; try 'narby --headless' or "
                  "'narby --screenshot OUT.png'", file=sys.stderr)
        return None
    return app


def main(size: tuple[int, int] | None = None, data_dir=None) -> int:
    """Open the window on the main menu."""
    app = open_app(size, data_dir)
    if app is None:
        return 2
    app.push(MenuScene(app))
    return app.run()
