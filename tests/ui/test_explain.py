"""Explanations where the decision is made (issue 16): action, power and card slots,
question options and the board's info cards, on hover and on keyboard focus."""

from __future__ import annotations

import re

import pygame
import pytest

from game import content
from game.tables import ACTIONS, PLACES
from game.ui import explain, hints
from game.ui.action_bar import Slot, why_not
from game.ui.scenes.choice import ChoiceDialog
from game.ui.scenes.game import GameScene
from game.ui.screenshot import played
from game.ui.targets import answer_label, value_label
from tests.helpers import scenario
from tests.ui.conftest import run

CODE = re.compile(r"\b[RP]\d{1,2}\b")


def test_every_action_slot_explains_itself_in_plain_words():
    for do in ACTIONS:
        slot = Slot(do, content.action(do).title, "1", 1, f"action/{do}", [], "too far")
        lines = explain.slot_lines(slot)
        assert lines[0].startswith(content.action(do).title)
        assert content.action(do).effect in lines
        assert lines[-1] == "Not now: too far"
        assert not any(CODE.search(x) for x in lines)


def test_card_and_power_slots_say_what_they_do_and_when():
    card = explain.slot_lines(Slot("play:orienteer", "Orienteer", "Q", 0, "card/orienteer",
                                   [{"play": "orienteer"}] * 82))
    assert card[1] == content.card("orienteer").effect
    assert "between actions" in card[2]
    assert "82 targets" in card[-1]
    power = explain.slot_lines(Slot("power:madhouse", "Madhouse", "W", 0, "place/madhouse",
                                    [{"power": "madhouse"}]))
    assert power[1] == content.place("madhouse").effect and "once a round" in power[2]


def test_question_options_are_explained():
    assert "+2" in explain.option_detail({"play": "fighter"})
    assert "discarded" in explain.option_detail({"play": "fighter"})
    assert explain.option_detail({"react": "blade_miller"}).startswith(
        content.place("blade_miller").effect)
    assert "nothing is used" in explain.option_detail({"pass": True})
    for place in PLACES:  # "choose the next place of power": every name has its effect
        assert content.place(place).effect in explain.option_detail({"choose": place})
    assert "ring goes back" in explain.option_detail({"choose": [3, 4]})


def _doc():
    return {"dragons": {"red": {"at": [2, 2], "cavern": [0, 0], "coins": 1, "treasure": [],
                                "rings_in_supply": 9, "card": "fighter"},
                        "blue": {"at": [8, 8], "cavern": None, "coins": 4, "treasure": [3],
                                 "rings_in_supply": 10, "card": "hidden"}},
            "settlements": [{"kind": "town", "at": [4, 2], "claim": "red"},
                            {"kind": "city", "at": [6, 6], "claim": None}],
            "places": [{"kind": "soul_mine", "at": [10, 2], "claim": "red",
                        "power_used": True}],
            "powers_used": ["soul_mine"], "gambles": [{"at": [1, 5], "owner": "blue"}],
            "chest": {"at": [12, 12], "coins": 1}}


def test_info_cards_of_board_pieces():
    doc = _doc()
    place = explain.piece_lines(doc, (11, 3), "red")
    assert place[0].startswith("Soul Mine") and "Claimed by you." in place
    assert content.place("soul_mine").effect in place
    assert "Its power was used this round." in place
    town = explain.piece_lines(doc, (4, 2), "blue")
    assert town[1] == "Claimed by Red." and "(dragon beside it" in town[2]
    city = explain.piece_lines(doc, (6, 6), "blue")
    assert "would pay" in city[2]
    red = explain.piece_lines(doc, (3, 3), "red")
    assert red[0].startswith("Red dragon (you)") and "1 coin;" in red[1]
    assert "Fighter" in red[2] and "Soul Mine (used)" in red[3]
    blue = explain.piece_lines(doc, (8, 8), "red")
    assert "hidden" in blue[2] and "1 treasure token" in blue[1]
    assert explain.piece_lines(doc, (0, 0), "red")[0].startswith("Red's cavern")
    assert "1 coin." in explain.piece_lines(doc, (12, 12), "red")[1]
    assert explain.piece_lines(doc, (1, 5), "red")[1] == "Placed by Blue."
    assert explain.piece_lines(doc, (15, 15), "red") is None


def test_tribute_expectation_reads_the_chart():
    # town on a plain d20: faces 9-15 pay 1, 16-19 pay 2, 20 pays 3 -> 18/20
    assert explain.tribute_expectation("town") == pytest.approx(18 / 20)
    assert explain.tribute_expectation("town", "copper") == pytest.approx(36 / 20)
    assert explain.tribute_expectation("city", None, adjacent=True) == 2


def _board(app):
    scene = app.push(GameScene(app, played(2, 2)))
    scene.factor_override = 0.0
    run(app, 3)
    return scene


def test_hover_and_keyboard_cursor_show_the_info_card(app):
    scene = _board(app)
    place = scene.shown["places"][0]
    r = scene.view.cell_rect(tuple(place["at"]))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    assert scene.tip is not None
    assert scene.tip[0][0].startswith(content.place(place["kind"]).title)
    scene.tip = None
    scene.aim.cursor = tuple(place["at"])
    scene._cursor_step(1, 0)
    assert scene.tip is not None and content.place(place["kind"]).title in scene.tip[0][0]


def test_hovering_an_action_slot_explains_it(app):
    scene = _board(app)
    i = scene.bar.index_of("destroy")
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.bar.rects[i].center,
                                    rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.tip[0][0].startswith("Destroy  [4]")
    assert content.action("destroy").effect in scene.tip[0]


def test_choice_dialog_shows_the_focused_option(app):
    answers = [{"play": "fighter"}, {"pass": True}]
    d = ChoiceDialog(app.look, "Use a card?", answers, ["Play Fighter", "Pass"],
                     details=explain.option_details(answers))
    d.build(app.ui, pygame.Rect(0, 0, 800, 600))
    assert "+2" in d.focused_detail()
    d.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert "nothing is used" in d.focused_detail()
    d.hover(d.buttons[0].rect.center)  # the mouse over an answer: its description
    assert "+2" in d.focused_detail()
    d.kill()


def _many_places(app, area):
    answers = [{"choose": p} for p in PLACES]
    d = ChoiceDialog(app.look, "Which place of power goes there? " * 3, answers,
                     [value_label("choose", p) for p in PLACES],
                     details=explain.option_details(answers))
    d.build(app.ui, area)
    return d


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_question_with_many_answers_keys_them_all_and_hides_none(app, size):
    area = pygame.Rect(0, 40, size[0] * 3 // 4, size[1] - 40 - 90)
    d = _many_places(app, area)
    assert len(d.values) > 10
    assert "Up/Down" in d.keys_line  # the answers past 0 are reached by the arrows
    assert d.buttons[9].text.startswith("0  ")
    d.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0, mod=0))
    assert d.take() == d.values[9]
    for b in d.buttons:
        assert area.contains(b.rect)
        assert not b.rect.colliderect(d.detail_rect), b.text
    # every description is whole: shown at once, or scrolled to its end by PgDn
    for i in range(len(d.values)):
        d.hover(d.buttons[i].rect.center)
        assert d.focus == i
        shown = d.detail_lines()[d.detail_top:d.detail_top + d.detail_rows()]
        while d.detail_top + d.detail_rows() < len(d.detail_lines()):
            d.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
            shown += d.detail_lines()[d.detail_top:d.detail_top + d.detail_rows()]
        assert " ".join(d.detail_lines()) in " ".join(dict.fromkeys(shown))
    d.kill()


def test_a_long_description_scrolls_by_keys(app):
    answers = [{"pass": True}, {"pass": True}]
    long = "A very long description of what this answer does. " * 12
    d = ChoiceDialog(app.look, "Which?", answers, ["One", "Two"], details=[long, "short"])
    d.build(app.ui, pygame.Rect(0, 0, 700, 360))
    assert len(d.detail_lines()) > d.detail_rows()
    d.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
    assert d.detail_top > 0
    d.kill()


def test_hint_names_the_hard_ai_pick_and_why(app):
    scene = _board(app)
    c = scene.c
    answer, line = hints.hint(c.match, c.pending.dragon, c.board, seed=1)
    assert answer in c.legal_answers()
    assert line.startswith("Hint: ") and "\n" not in line
    assert (answer, line) == hints.hint(c.match, c.pending.dragon, c.board, seed=1)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.banner_error.startswith("Hint: ")


@pytest.mark.parametrize("seed", [2, 8, 11])
def test_a_hint_gives_its_reason_in_words_and_marks_its_target(app, seed):
    scene = app.push(GameScene(app, played(seed, 2)))
    scene.factor_override = 0.0
    run(app, 3)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    line = scene.banner_error
    # a reason a player can learn from, in the game's terms, not only a number
    assert re.search(r"coins a round in tribute|coins now|lands beside|within reach|"
                     r"attack|costs \w+|can pay off in the next Populate", line), line
    answer = scene.hinted[1]
    if answer.get("to") or answer.get("at"):
        cells = scene.hint_cells()
        assert cells and tuple(answer.get("to") or answer.get("at")) == tuple(cells[0])
    app.draw()
    # the hint lasts one decision: once an answer is given, line and mark are gone
    scene.submit_answer(answer, confirmed=True)
    run(app, 2)
    assert scene.hinted is None and not scene.banner_error.startswith("Hint: ")


def test_a_click_anywhere_in_the_hinted_landing_picks_it(app):
    # (seed 8's hint is a move; seed 2's was until Hard played power_scale 0)
    scene = app.push(GameScene(app, played(8, 2)))
    scene.factor_override = 0.0
    run(app, 3)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    answer = scene.hinted[1]
    assert answer.get("do") == "move"
    scene.select_slot("move")
    to = answer["to"]
    for dx in (0, 1):
        for dy in (0, 1):
            r = scene.view.cell_rect((to[0] + dx, to[1] + dy))
            assert scene.aim.value_at(r.center) == to


def _hover(scene, pos) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                    buttons=(0, 0, 0)))


def test_hovering_your_own_card_on_the_panel_shows_its_words(app):
    scene = _board(app)
    me = scene.c.match.seat_names[0]
    card = scene.shown["dragons"][me]["card"]
    assert card not in (None, "hidden")
    app.draw()  # the panel lays out its hover areas as it draws
    rect = next(r for r, lines in scene.panel.tips if lines[0].endswith("'s card")
                and content.card(card).title in lines[0])
    _hover(scene, rect.center)
    assert scene.tip is not None
    assert content.card(card).effect in scene.tip[0]
    others = [lines for _r, lines in scene.panel.tips if "Hidden" in " ".join(lines)]
    assert others  # the others' cards are hidden, and say so


def test_the_leaders_crown_says_what_it_means(app):
    scene = _board(app)
    app.draw()
    crown = [(r, lines) for r, lines in scene.panel.tips if lines[0] == "Leader"]
    if not crown:
        pytest.skip("nobody leads in this position")
    _hover(scene, crown[0][0].center)
    assert scene.tip[0][0] == "Leader" and "most coins" in scene.tip[0][1]


def test_the_status_line_never_runs_under_the_hint_button(app):
    scene = _board(app)
    scene.show_error("Hint: Move (5, 6) — about +17 coins more than ending the turn, "
                     "by the Hard AI's count, and a good deal more words", "gold")
    app.draw()
    assert scene.status_rect.w > 0
    assert scene.status_rect.right <= scene.hint_btn.rect.x


def test_steal_for_the_thief_tooltip_and_refusal_name_the_same_need(app):
    """Issue 33: both say the dragon must stand beside another dragon's cavern (R25)."""
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(7, 5), coins=3)}, chest=(10, 10))
    refusal = why_not(m, "red", "steal_for_thief")
    assert "cavern" in refusal
    assert "cavern" in content.action("steal_for_thief").effect


def test_the_hint_note_hides_the_hint_buttons_own_tooltip(app):
    """Clicked by mouse (issue 33): the Hint button's tooltip stayed open and peeked out
    from under the hint's note, two boxes in one place."""
    scene = _board(app)
    btn = scene.hint_btn
    btn.show_tip()  # the mouse rests on the button
    assert btn.tool_tip is not None
    assert hints.show(scene)
    assert btn.tool_tip is None
    btn.while_hovering(2.0, btn.rect.center)  # still resting there: no second box
    assert btn.tool_tip is None and scene.tip[0][0].startswith("Hint: ")


def test_a_gamble_on_open_ground_is_named_as_one():
    """Hovered in a first game (issue 33): "Gamble the gamble ring at (4, 7)" before any
    ring was there."""
    doc = {"settlements": [], "places": [], "gambles": [{"at": [5, 5], "owner": "red"}]}
    assert answer_label({"do": "gamble", "at": [3, 6]}, doc) == "Gamble at (4, 7)"
    assert answer_label({"choose": [5, 5]}, doc) == "Lose the gamble ring at (6, 6)"


def test_a_card_moving_a_die_says_which_die_and_by_how_much():
    """Asked in a first game (issue 33): "Use Trickster — Col, 2" read like a cell."""
    assert answer_label({"react": "trickster", "die": "col", "by": 2}) == \
        "Use Trickster — column +2"
    assert answer_label({"react": "trickster", "die": "row", "by": -2}) == \
        "Use Trickster — row \u22122"
    assert answer_label({"react": "pro_creator", "by": -2}) == "Use Pro-creator — \u22122"


def test_a_hint_whose_label_has_a_dash_keeps_it_in_the_heading(app, monkeypatch):
    """Hinted in a first game (issue 33): "Hint: Play Jumper" over "(8, 10) — a gamble
    ring that can pay off…": the landing belongs to the heading, the reason under it."""
    scene = _board(app)
    answer = {"play": "jumper", "to": [7, 9]}
    monkeypatch.setattr(hints, "hint", lambda *a, **k: (
        answer, "Hint: Play Jumper — (8, 10) — a gamble ring that can pay off"))
    assert hints.show(scene)
    assert scene.tip[0][0] == "Hint: Play Jumper — (8, 10)"
    assert scene.tip[0][1] == "A gamble ring that can pay off"


def test_a_landing_beside_a_dragon_names_it_as_a_dragon(app):
    """Hovered in the lesson (issue 33): "Lands beside Angelstar Shrine, Red"."""
    scene = _board(app)
    me = scene.c.pending.dragon
    other, d = next((n, d) for n, d in scene.shown["dragons"].items()
                    if n != me and d.get("at"))
    c, r = d["at"]
    at = [c + 2, r] if c + 3 < scene.c.board.width else [c - 2, r]
    assert f"the {other.title()} dragon" in scene.aim.neighbours(at, me)
