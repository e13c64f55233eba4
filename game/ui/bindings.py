"""Every key of the board screen in one table.

`BOARD` names each command and the keys that give it; `command_for(event)` reads a
KEYDOWN. The action bar's slot keys come from here too: one fixed key per action
(`ACTION_KEYS`), and letters for the extra slots (turn powers, cards) handed out by
`ExtraKeys`, which keeps a letter on its slot for the whole game (a place's power is
the same key every turn; a card played does not shift the others) and never gives out
a key the table already uses
(tests/ui/test_bindings.py checks that no two commands or slots share a key).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import pygame

from game import registry
from game.i18n import N_, _


@dataclass(frozen=True)
class Binding:
    command: str
    keys: tuple[int, ...]
    shown: str          # how the help card writes the key (words marked N_: a key's name)
    does: str           # what it does, in words (N_: translated with _() where shown)
    ctrl: bool = False  # only with Ctrl held (without Ctrl the key is free)


BOARD: tuple[Binding, ...] = (
    Binding("help", (pygame.K_F1,), "F1", N_("this help")),
    Binding("skip", (pygame.K_SPACE,), N_("Space"), N_("skip the animations now playing")),
    Binding("back", (pygame.K_ESCAPE,), "Esc", N_("cancel the chosen action, else pause menu")),
    Binding("undo", (pygame.K_z,), "Ctrl+Z", N_("undo your last move, claim, gamble"), ctrl=True),
    Binding("next_target", (pygame.K_TAB,), N_("Tab / Shift+Tab"),
            N_("next / previous target of the chosen action")),
    Binding("confirm", (pygame.K_RETURN, pygame.K_KP_ENTER), N_("Enter"),
            N_("do it on the target under the cursor")),
    Binding("cursor_left", (pygame.K_LEFT,), N_("Left"), N_("board cursor left")),
    Binding("cursor_right", (pygame.K_RIGHT,), N_("Right"), N_("board cursor right")),
    Binding("cursor_up", (pygame.K_UP,), N_("Up"), N_("board cursor up")),
    Binding("cursor_down", (pygame.K_DOWN,), N_("Down"), N_("board cursor down")),
    Binding("pan_left", (pygame.K_a,), "A", N_("pan the board left")),
    Binding("pan_right", (pygame.K_d,), "D", N_("pan the board right")),
    Binding("pan_up", (pygame.K_w,), "W", N_("pan the board up")),
    Binding("pan_down", (pygame.K_s,), "S", N_("pan the board down")),
    Binding("zoom_in", (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS), "+", N_("zoom in")),
    Binding("zoom_out", (pygame.K_MINUS, pygame.K_KP_MINUS), "-", N_("zoom out")),
    Binding("fit", (pygame.K_HOME,), N_("Home"), N_("fit the board")),
    Binding("pace", (pygame.K_p,), "P", N_("animation pace: slow, normal, fast, instant")),
    Binding("log", (pygame.K_l,), "L", N_("show / hide the log")),
    Binding("log_up", (pygame.K_PAGEUP,), N_("PgUp"), N_("scroll the log back")),
    Binding("log_down", (pygame.K_PAGEDOWN,), N_("PgDn"), N_("scroll the log on")),
    Binding("log_end", (pygame.K_END,), N_("End"), N_("the log's newest lines")),
    Binding("mute", (pygame.K_m,), "M", N_("sound on / off")),
    Binding("hint", (pygame.K_h,), "H", N_("hint: what the Hard AI would do, and why")),
)

# The online host's say while a dropped player is awaited (game.ui.net_window.host_key): the
# board screen hands these keys over before its own table, so none of them is in BOARD.
HOST: tuple[Binding, ...] = (
    Binding("host_ai_now", (pygame.K_F6,), "F6", N_("an AI plays the away seat now")),
    Binding("host_wait", (pygame.K_F7,), "F7", N_("wait longer for the away player")),
    Binding("host_end", (pygame.K_F8,), "F8", N_("end the game")),
)


def host_command(key: int) -> str | None:
    """The HOST command of a key code, or None."""
    for b in HOST:
        if key in b.keys:
            return b.command
    return None


# Keys the window itself takes before any screen sees them (F11: full screen).
WINDOW_KEYS = (pygame.K_F11,)

# One key per action, the same every turn; End turn also answers to Enter when nothing
# is selected.
# Each action's key is in its registry module (game/registry/actions/); "" for none.
ACTION_KEYS = {a.key: a.hotkey.upper() for a in registry.actions()}
# Letters for the extra slots (powers, cards), first come first served in a turn: none
# of them is a pan, zoom, pace, log or menu key.
EXTRA_KEYS = "QRTYUIOGJKX"


def key_code(letter: str) -> int:
    """'Q' -> pygame.K_q; '1' -> pygame.K_1 (pygame's letter and digit keys are their
    ASCII codes)."""
    return ord(letter.lower())


# ----- keys the player chose (Settings, Keys; issue 33) ---------------------------------
# Esc and F1 stay: a way out and a way to this help, whatever was rebound. Ctrl+Z keeps
# its chord.
FIXED = ("help", "back", "undo")
REBINDABLE: tuple[Binding, ...] = tuple(b for b in BOARD if b.command not in FIXED)
_custom: dict[str, int] = {}  # command -> the one key chosen for it


def keys_of(b: Binding) -> tuple[int, ...]:
    """The keys that give `b`'s command now: the chosen one, else the table's."""
    k = _custom.get(b.command)
    return (k,) if k is not None else b.keys


def key_label(b: Binding) -> str:
    """How a key is written for the player: the table's words, or the chosen key's name."""
    k = _custom.get(b.command)
    return _(b.shown) if k is None else key_name(k)


def label(command: str) -> str:
    """The key that gives `command` now, as the player's texts name it: "Enter", or the
    key chosen in Settings ("Return"). Texts that name a key use this, so a rebound
    key is the one they tell the player to press. Tab's command names Tab alone."""
    b = next(b for b in BOARD if b.command == command)
    if command == "next_target" and b.command not in _custom:
        return "Tab"
    return key_label(b)


def key_name(key: int) -> str:
    name = pygame.key.name(key)
    return name.upper() if len(name) == 1 else name.title()


def _reserved() -> dict[int, str]:
    """Keys no command may take, with what they are kept for."""
    out = {key_code(c): _("an action on the bar") for c in ACTION_KEYS.values() if c}
    out.update({key_code(c): _("a power or card on the bar") for c in EXTRA_KEYS})
    out.update({k: _("full screen") for k in WINDOW_KEYS})
    out.update({k: _(b.does) for b in HOST for k in b.keys})
    out.update({k: _(b.does) for b in BOARD if b.command in FIXED and not b.ctrl
                for k in b.keys})
    return out


def refusal(command: str, key: int, custom: dict[str, int] | None = None) -> str | None:
    """Why `key` cannot give `command`, in words, or None when it can."""
    custom = _custom if custom is None else custom
    if key in _reserved():
        # TRANSLATORS: {key} is a key's name, {use} what it is kept for ("full screen")
        return _("{key} is kept for {use}").format(key=key_name(key), use=_reserved()[key])
    for b in REBINDABLE:
        if b.command == command:
            continue
        keys = (custom[b.command],) if b.command in custom else b.keys
        if key in keys:
            return _("{key} already does '{command}'").format(key=key_name(key),
                                                              command=_(b.does))
    return None


def use(names: dict[str, str]) -> dict[str, int]:
    """Take the chosen keys (settings.json's `keys`: command -> key name); an unknown
    command or key name, or a key another command holds, is left out. -> what is used."""
    chosen: dict[str, int] = {}
    known = {b.command for b in REBINDABLE}
    for command, name in sorted(names.items()):
        try:
            with warnings.catch_warnings():  # before pygame.init() (tests) the names
                warnings.simplefilter("ignore")  # still map to the same codes
                key = pygame.key.key_code(name)
        except (ValueError, TypeError):
            continue
        if command in known and refusal(command, key, chosen) is None:
            chosen[command] = key
    _custom.clear()
    _custom.update(chosen)
    return dict(chosen)


def chosen_names() -> dict[str, str]:
    """The chosen keys as settings.json stores them."""
    return {c: pygame.key.name(k) for c, k in sorted(_custom.items())}


def command_for(event) -> str | None:
    """The board command a KEYDOWN gives, or None (a slot key, or nothing)."""
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    for b in BOARD:
        if event.key in keys_of(b) and b.ctrl == ctrl:
            return b.command
    return None


def slot_key_code(event) -> str | None:
    """The slot letter a KEYDOWN names ('1', 'E', 'Q'...), or None. Ctrl/Alt chords are
    never slot keys."""
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return None
    if not 32 < event.key < 127:
        return None
    name = chr(event.key).upper()
    if name in ACTION_KEYS.values() or name in EXTRA_KEYS:
        return name
    return None


def plain_keys() -> dict[int, str]:
    """key code -> command, for the commands taken without Ctrl."""
    out: dict[int, str] = {}
    for b in BOARD:
        if not b.ctrl:
            for k in keys_of(b):
                out.setdefault(k, b.command)
    return out


class ExtraKeys:
    """Letters for the extra slots. Each dragon's kinds keep their letters for the whole
    game: a place's power is always the same key, turn after turn, and a card played
    does not shift the others. A new kind takes the first letter free now and not held
    by one of that dragon's places, so a place's letter waits for it."""

    def __init__(self):
        self.by_dragon: dict[str, dict[str, str]] = {}

    def assign(self, turn, kinds) -> dict[str, str]:
        """Letters for `kinds` on `turn` ((round, dragon))."""
        dragon = str(turn[1]) if isinstance(turn, tuple) and len(turn) > 1 else str(turn)
        seen = self.by_dragon.setdefault(dragon, {})
        out: dict[str, str] = {}
        for kind in sorted(kinds):  # the letters they had
            k = seen.get(kind)
            if k and k not in out.values():
                out[kind] = k
        places = {v for kind, v in seen.items() if kind.startswith("power:")}
        for kind in sorted(kinds):
            if kind in out:
                continue
            used = set(out.values())
            free = [c for c in EXTRA_KEYS if c not in used]
            k = next((c for c in free if c not in places), free[0] if free else "")
            out[kind] = seen[kind] = k
        return out
