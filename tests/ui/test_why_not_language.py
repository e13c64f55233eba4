"""The action bar's reasons and the panel's away mark work in any language (issue 32):
which refusals are "too far" is told by their message ids, and a reason is kept as the
engine's Words, so it is shown in the player's language (an English "; "-join of
reasons, or a tooltip that formatted the Words as a str, showed English in a German
window); an away seat is a flag on the seat, not the words " · away"."""

from __future__ import annotations

import pytest

from game import i18n, questions
from game.ui import explain
from game.ui.action_bar import action_slots, why_not
from game.ui.net_status import seat_mark
from game.ui.net_window import NetSeat
from game.ui.panel import panel_model, status_lines
from game.words import DragonName, Words, shown
from tests.helpers import scenario


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _two_claimed_towns():
    # red stands between two towns blue claims
    return scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))},
                    settlements=[("town", (7, 5), "blue"), ("town", (5, 7), "blue")])


def test_two_near_reasons_joined_in_the_players_language():
    english = why_not(_two_claimed_towns(), "red", "claim")
    assert english == ("Blue already claims the town at (8, 6); take it over with Claim "
                       "Settlement (2 actions); Blue already claims the town at (6, 8); "
                       "take it over with Claim Settlement (2 actions)")
    i18n.set_language("de")
    german = shown(why_not(_two_claimed_towns(), "red", "claim"))
    assert german.startswith("Blau beansprucht das Dorf bei (8, 6) schon")
    assert "; Blau beansprucht das Dorf bei (6, 8) schon" in german
    assert "Blue" not in german


def test_the_far_filter_reads_message_ids_in_any_language():
    i18n.set_language("qps")
    far = Words("{dragon} is not adjacent to {target}", dragon=DragonName("red"),
                target=DragonName("blue"))
    near = Words("{dragon} has no cavern to steal from", dragon=DragonName("blue"))
    assert questions.Blockers(reasons=[far, near], candidates=2).near == [near]
    assert questions.too_far(far) and not questions.too_far(near)
    assert not questions.too_far("Red is not adjacent to Blue")  # words alone: no id


def test_a_disabled_slots_tooltip_shows_the_reason_in_german():
    i18n.set_language("de")
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12), cavern=(2, 2))})
    slot = {s.key: s for s in action_slots(m, "red", [])}["steal_cavern"]
    assert str(slot.reason) == "Red is not adjacent to Blue's cavern"  # the engine's
    assert explain.slot_lines(slot)[-1] == "Jetzt nicht: Rot ist nicht neben der Höhle von Blau"


# ----- the panel: an awaited online player who is away, told by the seat's flag ---------
def _panel_row(language: str):
    i18n.set_language(language)
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    seat = NetSeat("remote", text=seat_mark("remote", "Jo", connected=False, away=True,
                                            standin=False))
    seat.absent = True
    doc = m.snapshot()
    model = panel_model(doc, {"red": seat}, deciding="red")
    row = next(r for r in model.rows if r.name == "red")
    return row, status_lines(row, model)


@pytest.mark.parametrize("language", ["en", "de", "qps"])
def test_an_away_player_is_named_first_in_every_language(language):
    row, lines = _panel_row(language)
    assert row.absent
    assert lines[0].startswith(row.who + " · ") and lines[-1] == row.who
