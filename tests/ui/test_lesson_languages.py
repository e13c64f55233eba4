"""The lesson in every language (issue 38): it plays through start to end by keys in
German, French, Spanish, Polish, Japanese and the pseudo-language, the coach saying each
step in the player's language, the game the same in every language; the coach's words
are not cut off."""

from __future__ import annotations

import pytest

from game import i18n
from game.ui import tutorial
from game.ui.audit import Audit
from game.ui.scenes.tutorial import TutorialScene, _do_step, _frames, _wait

LANGS = [*(code for code in i18n.LANGUAGES if code != "en"), i18n.PSEUDO]


@pytest.fixture
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _play(app, each_step) -> TutorialScene:
    """Play the lesson by keys; `each_step(scene)` before each step's input."""
    scene = app.push(TutorialScene(app, tutorial.new_game()))
    while True:
        _wait(app, scene, 6000)
        if scene.coach.finished:
            return scene
        each_step(scene)
        before = scene.coach.index
        _do_step(app, scene, "keys")
        for _ in range(10):
            if scene.coach.index != before:
                break
            _frames(app, 1)
        assert scene.coach.index != before, f"step {scene.coach.current.id} took no input"


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_the_lesson_plays_through_in_every_language(app, lang):
    said = []

    def check(scene):
        step = scene.coach.current
        showing, heading, body, _how = scene._coach_words()
        assert showing and heading == step.heading()
        assert body == step.text(app.settings.show_coordinates)
        said.append((step.id, heading, body))

    scene = _play(app, check)
    english = {s.id: (s.title, s.say) for s in tutorial.load()["steps"]}
    assert len(said) == len(english)
    for step_id, heading, body in said:  # every step in the player's language
        assert heading != english[step_id][0] and body != english[step_id][1], step_id
        assert "{" not in body, (step_id, body)
    # the same game whatever the language: the scripted dice, the same coins
    m = scene.c.match
    assert m.round == 2 and m.snapshot()["dragons"]["green"]["coins"] == 4


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_the_coachs_words_are_not_cut_off(app, lang):
    audit = Audit()
    audit.install()
    cut: list[str] = []

    def check(scene):
        _showing, heading, body, _how = scene._coach_words()
        for f in audit.frame(app):
            text = f.text.replace(" …", "").strip()
            if f.kind == "clipped" and text and (text in heading or text in body):
                cut.append(f"{scene.coach.current.id}: {f}")

    try:
        _play(app, check)
    finally:
        audit.uninstall()
    assert not cut, "\n".join(cut)
