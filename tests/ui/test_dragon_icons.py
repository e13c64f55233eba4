"""Every dragon's icon stands out from the dark panels (issue 33, snag 7): Black's body
is nearly the panels' own colour, so its icon gets a light rim."""

from __future__ import annotations

import pytest

from game.tables import DRAGONS
from game.ui import art
from game.ui.log_view import LOG_BG
from game.ui.theme import COLOURS, Look, contrast


def _standing_out(sprite) -> float:
    """The share of the sprite's visible pixels at 3:1 or more against the panel."""
    seen = bright = 0
    for x in range(sprite.get_width()):
        for y in range(sprite.get_height()):
            r, g, b, a = sprite.get_at((x, y))
            if a < 128:
                continue
            seen += 1
            bright += contrast((r, g, b), COLOURS["panel"]) >= 3.0
    return bright / max(1, seen)


@pytest.mark.parametrize("palette", ["normal", "colourblind"])
def test_every_dragon_icon_stands_out_from_the_panel(app, palette):
    look = Look(palette=palette)
    raw = _standing_out(art.sprite("dragon/black", 48, palette=palette))
    shares = {name: _standing_out(look.sprite(f"dragon/{name}", 48)) for name in DRAGONS}
    # the rim lifts Black from a few pixels to as many as a coloured dragon shows
    assert shares["black"] >= 3 * raw
    assert shares["black"] >= min(shares[n] for n in DRAGONS if n != "black")


@pytest.mark.parametrize("palette", ["normal", "colourblind"])
def test_every_dragon_name_in_the_log_reads_at_4_5_to_1(palette):
    look = Look(palette=palette)
    for name in DRAGONS:
        assert contrast(look.readable(look.dragon_colour(name), LOG_BG), LOG_BG) >= 4.5
