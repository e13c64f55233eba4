"""The board screen's keys are one table: no key does two things, slot keys never take
a pan, zoom, menu or window key, and a power or card keeps its letter all turn."""

import pygame

from game import i18n
from game.ui import bindings
from game.ui.app import NAV_KEYS
from game.ui.bindings import ACTION_KEYS, BOARD, EXTRA_KEYS, ExtraKeys, key_code
from game.ui.scenes.game import GameScene
from game.ui.scenes.help import SHORTCUTS
from game.ui.scenes.tutorial import done_line
from game.ui.screenshot import played
from tests.ui.conftest import run


def test_no_key_gives_two_commands():
    seen = {}
    for b in BOARD:
        for k in b.keys:
            assert (k, b.ctrl) not in seen, f"{pygame.key.name(k)}: {seen[(k, b.ctrl)]} " \
                                             f"and {b.command}"
            seen[(k, b.ctrl)] = b.command


def test_slot_keys_never_collide_with_commands_menu_or_window_keys():
    taken = set(bindings.plain_keys()) | set(NAV_KEYS) | set(bindings.WINDOW_KEYS)
    slot_letters = list(ACTION_KEYS.values()) + list(EXTRA_KEYS)
    assert len(slot_letters) == len(set(slot_letters)), "two slots share a key"
    for letter in slot_letters:
        code = key_code(letter)
        assert code not in taken, f"slot key {letter} is also " \
                                  f"{bindings.plain_keys().get(code, 'a menu key')}"
    for pan in ("W", "A", "S", "D"):
        assert pan not in EXTRA_KEYS


def test_slot_key_is_read_without_modifiers_only():
    e = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0)
    assert bindings.slot_key_code(e) == "Q"
    e = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL)
    assert bindings.slot_key_code(e) is None
    e = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0)
    assert bindings.slot_key_code(e) is None
    assert bindings.command_for(e) == "pan_up"


def test_extra_keys_are_stable_for_a_turn():
    keys = ExtraKeys()
    first = keys.assign((1, "red"), {"play:fighter", "power:madhouse", "play:vigor"})
    assert sorted(first.values()) == ["Q", "R", "T"]
    # the fighter is played: the others keep their letters
    after = keys.assign((1, "red"), {"power:madhouse", "play:vigor"})
    assert after == {k: first[k] for k in ("power:madhouse", "play:vigor")}
    # a kind that turns up later takes a free letter, not one in use
    later = keys.assign((1, "red"), {"power:madhouse", "play:vigor", "play:sneaker"})
    assert later["play:sneaker"] not in after.values()
    # another dragon's letters are its own
    assert keys.assign((1, "blue"), {"play:vigor"}) == {"play:vigor": "Q"}


def test_a_places_letter_stays_the_same_turn_after_turn():
    """Issue 33: a place's key was R beside a card, then Q without one."""
    keys = ExtraKeys()
    first = keys.assign((1, "red"), {"play:fighter", "power:madhouse"})
    place = first["power:madhouse"]
    assert keys.assign((2, "red"), {"power:madhouse"}) == {"power:madhouse": place}
    third = keys.assign((3, "red"), {"play:vigor", "power:madhouse"})
    assert third["power:madhouse"] == place and third["play:vigor"] != place


def test_help_card_lists_the_table():
    words = " ".join(k for _, rows in SHORTCUTS for k, _ in rows)
    assert "Q R T" in words and "Q W" not in words


def test_online_host_keys_are_in_the_table_on_the_help_card_and_free_on_the_board():
    board_keys = {k for b in BOARD for k in b.keys}
    taken = set(bindings.WINDOW_KEYS) | set(NAV_KEYS)
    shown = {key for _group, rows in SHORTCUTS for key, _does in rows}
    for b in bindings.HOST:
        assert not set(b.keys) & (board_keys | taken), f"{b.shown} is also a board key"
        assert b.shown in shown, f"{b.shown} is not on the F1 card"
        assert bindings.host_command(b.keys[0]) == b.command
    assert bindings.host_command(pygame.K_F5) is None


def test_texts_name_the_keys_the_player_chose(app):
    """The status line, the lesson's coach, the Hint button and the "skips" notes named
    Tab, Enter, Space and H though the player had rebound them (Settings, Keys)."""
    assert [bindings.label(c) for c in ("confirm", "next_target", "skip", "hint")] == \
        ["Enter", "Tab", "Space", "H"]
    i18n.set_language("fr")
    try:
        assert bindings.label("confirm") == "Entrée" and bindings.label("skip") == "Espace"
    finally:
        i18n.set_language("en")
    bindings.use({"confirm": "v", "next_target": "b", "skip": "c", "hint": "f"})
    try:
        assert [bindings.label(c) for c in ("confirm", "next_target", "skip", "hint")] == \
            ["V", "B", "C", "F"]
        assert done_line() == "Lesson complete: play on. F asks for a hint, Esc opens the menu."
        scene = app.push(GameScene(app, played(2, 2)))
        run(app, 2)
        assert scene.hint_btn.text == "Hint  F"
    finally:
        bindings.use({})
