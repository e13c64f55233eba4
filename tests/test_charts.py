"""Every row of the action charts, driven by scripted dice.

Steal chart (R23 cavern, R24 chest, R25 for the thief), Destroy and Destroyed charts
(R21), places of power on the Destroy chart (R22), Attack (R26), the R29 payment caps,
the R30 clamps and the roll events every chart roll records.

Layout used throughout: Red stands at (5, 5)-(6, 6); the target sits at NEXT = (7, 5),
adjacent on Red's east side; pieces nobody touches are kept far away.
"""

from __future__ import annotations

import pytest

from game import lookups
from game.decisions import IllegalAnswer
from tests.helpers import coins, kinds, scenario

RED_AT = (5, 5)
NEXT = (7, 5)
FAR = (15, 15)

# ----- the charts, written out from the rule book (not read from game.tables) --------


def _rows(spec):
    """{face: value} from [(low, high, value), ...] with inclusive bounds."""
    out = {}
    for low, high, value in spec:
        for f in range(low, high + 1):
            out[f] = value
    return out


# Steal chart: coins the stealer's side takes (negative: Turnabout pays 1 back).
STEAL_GAIN = _rows([(0, 3, -1), (4, 9, 0), (10, 15, 1), (16, 19, 3), (20, 20, 5)])
STEAL_LABEL = _rows([(0, 3, "0-3 Turnabout"), (4, 9, "4-9 Failed Theft"),
                     (10, 15, "10-15 Fair Theft"), (16, 19, "16-19 Theft"),
                     (20, 20, "20 Critical Theft")])

DESTROY_UNCLAIMED = _rows([(0, 5, "nothing"), (6, 15, "ruin"), (16, 19, "destroyed"),
                           (20, 20, "destroyed_treasure")])
DESTROY_UNCLAIMED_LABEL = _rows([(0, 5, "0-5 nothing"), (6, 15, "6-15 ruin"),
                                 (16, 19, "16-19 destroyed"), (20, 20, "20 destroyed_treasure")])
DESTROY_CLAIMED = _rows([(0, 5, "revolt"), (6, 10, "nothing"), (11, 15, "unclaim"),
                         (16, 19, "ruin"), (20, 20, "destroyed")])
DESTROY_CLAIMED_LABEL = _rows([(0, 5, "0-5 revolt"), (6, 10, "6-10 nothing"),
                               (11, 15, "11-15 unclaim"), (16, 19, "16-19 ruin"),
                               (20, 20, "20 destroyed")])
PLACE_UNCLAIMED = _rows([(0, 15, "nothing"), (16, 20, "removed")])
PLACE_UNCLAIMED_LABEL = _rows([(0, 15, "0-15 nothing"), (16, 20, "16-20 removed")])
PLACE_CLAIMED = _rows([(0, 5, "revolt"), (6, 10, "nothing"), (11, 15, "unclaim"),
                       (16, 20, "removed")])
PLACE_CLAIMED_LABEL = _rows([(0, 5, "0-5 revolt"), (6, 10, "6-10 nothing"),
                             (11, 15, "11-15 unclaim"), (16, 20, "16-20 removed")])

# Destroyed chart: coins to the destroyer.
PAY_RUIN = {"town": 1, "city": 2, "ruin": 0}
PAY_DESTROYED = {"town": 2, "city": 4, "ruin": 1}
PAY_DESTROYED_CLAIMED = {"town": 3, "city": 5, "ruin": 2}

FACES = range(1, 21)
KINDS = ("town", "city", "ruin")


def chest_coins(m) -> int:
    return m.snapshot()["chest"]["coins"]


def rings(m, name) -> int:
    return m.snapshot()["dragons"][name]["rings_in_supply"]


def treasure(m, name) -> list[int]:
    return m.snapshot()["dragons"][name]["treasure"]


def one_roll(events, purpose):
    found = [e for e in kinds(events, "roll") if e["purpose"] == purpose]
    assert len(found) == 1, found
    return found[0]


def assert_roll(event, *, purpose, dragon, face, total, row, mods=()):
    assert event["purpose"] == purpose
    assert event["dragon"] == dragon
    assert event["die"] == 20
    assert event["face"] == face
    assert event["total"] == total
    assert event["row"] == row
    assert [list(x) for x in event["mods"]] == [list(x) for x in mods]


# ===== Steal chart ====================================================================


def steal_cavern_match(face, red=10, blue=10, chest=0):
    return scenario({"red": dict(at=RED_AT, coins=red),
                     "blue": dict(at=FAR, cavern=NEXT, coins=blue)},
                    chest=(0, 0), chest_coins=chest, dice=[face])


@pytest.mark.parametrize("face", FACES)
def test_steal_cavern_every_face(face):
    """R23: the stealer gains the amount and the cavern's owner loses it; Turnabout
    pays 1 coin from the stealer to the owner. The chest is not involved."""
    m = steal_cavern_match(face)
    events = m.submit({"do": "steal_cavern", "dragon": "blue"})
    gain = STEAL_GAIN[face]
    assert coins(m, "red") == 10 + gain
    assert coins(m, "blue") == 10 - gain
    assert chest_coins(m) == 0
    assert m.actions_left == 2
    assert_roll(one_roll(events, "steal"), purpose="steal", dragon="red", face=face,
                total=face, row=STEAL_LABEL[face])
    assert len(kinds(events, "roll")) == 1  # exactly one d20, nothing else rolled


@pytest.mark.parametrize("face", FACES)
def test_steal_chest_every_face(face):
    """R24: as R23 with the chest as the target; Turnabout pays 1 into the chest."""
    m = scenario({"red": dict(at=RED_AT, coins=10), "blue": dict(at=FAR, coins=10)},
                 chest=NEXT, chest_coins=10, dice=[face])
    events = m.submit({"do": "steal_chest"})
    gain = STEAL_GAIN[face]
    assert coins(m, "red") == 10 + gain
    assert chest_coins(m) == 10 - gain
    assert coins(m, "blue") == 10
    assert m.actions_left == 2
    assert_roll(one_roll(events, "steal"), purpose="steal", dragon="red", face=face,
                total=face, row=STEAL_LABEL[face])


@pytest.mark.parametrize("face", FACES)
def test_steal_for_thief_every_face(face):
    """R25: the coins go from the victim into the chest; Turnabout makes the chest pay 1
    coin to the victim. The stealer's own coins never change; the action costs 2."""
    m = scenario({"red": dict(at=RED_AT, coins=10), "blue": dict(at=FAR, cavern=NEXT, coins=10)},
                 chest=(0, 0), chest_coins=10, dice=[face])
    events = m.submit({"do": "steal_for_thief", "dragon": "blue"})
    gain = STEAL_GAIN[face]
    assert chest_coins(m) == 10 + gain
    assert coins(m, "blue") == 10 - gain
    assert coins(m, "red") == 10
    assert m.actions_left == 1
    assert_roll(one_roll(events, "steal"), purpose="steal", dragon="red", face=face,
                total=face, row=STEAL_LABEL[face])


# ----- R29 caps on the Steal chart ----------------------------------------------------


@pytest.mark.parametrize(("face", "victim", "taken"), [
    (20, 2, 2), (20, 4, 4), (20, 5, 5), (17, 2, 2), (17, 0, 0), (12, 0, 0), (19, 1, 1),
])
def test_steal_cavern_capped_at_victims_coins(face, victim, taken):
    m = steal_cavern_match(face, red=1, blue=victim)
    m.submit({"do": "steal_cavern", "dragon": "blue"})
    assert coins(m, "blue") == victim - taken
    assert coins(m, "red") == 1 + taken


@pytest.mark.parametrize("face", [1, 2, 3])
def test_turnabout_with_penniless_stealer_pays_nothing(face):
    m = steal_cavern_match(face, red=0, blue=4)
    events = m.submit({"do": "steal_cavern", "dragon": "blue"})
    assert coins(m, "red") == 0
    assert coins(m, "blue") == 4
    assert kinds(events, "coins") == []


@pytest.mark.parametrize("face", [1, 2, 3])
def test_steal_chest_turnabout_with_penniless_stealer_pays_nothing(face):
    m = scenario({"red": dict(at=RED_AT, coins=0), "blue": dict(at=FAR)},
                 chest=NEXT, chest_coins=3, dice=[face])
    m.submit({"do": "steal_chest"})
    assert coins(m, "red") == 0
    assert chest_coins(m) == 3


@pytest.mark.parametrize(("face", "chest", "taken"), [
    (20, 2, 2), (20, 0, 0), (16, 1, 1), (19, 3, 3), (10, 0, 0), (20, 6, 5),
])
def test_steal_chest_capped_at_chest_coins(face, chest, taken):
    m = scenario({"red": dict(at=RED_AT, coins=1), "blue": dict(at=FAR)},
                 chest=NEXT, chest_coins=chest, dice=[face])
    m.submit({"do": "steal_chest"})
    assert chest_coins(m) == chest - taken
    assert coins(m, "red") == 1 + taken


@pytest.mark.parametrize(("face", "victim", "taken"), [(20, 3, 3), (17, 1, 1), (11, 0, 0)])
def test_steal_for_thief_capped_at_victims_coins(face, victim, taken):
    m = scenario({"red": dict(at=RED_AT, coins=7), "blue": dict(at=FAR, cavern=NEXT, coins=victim)},
                 chest=(0, 0), chest_coins=2, dice=[face])
    m.submit({"do": "steal_for_thief", "dragon": "blue"})
    assert coins(m, "blue") == victim - taken
    assert chest_coins(m) == 2 + taken
    assert coins(m, "red") == 7


@pytest.mark.parametrize("face", [1, 2, 3])
def test_steal_for_thief_turnabout_with_empty_chest_pays_nothing(face):
    m = scenario({"red": dict(at=RED_AT, coins=7), "blue": dict(at=FAR, cavern=NEXT, coins=4)},
                 chest=(0, 0), chest_coins=0, dice=[face])
    events = m.submit({"do": "steal_for_thief", "dragon": "blue"})
    assert chest_coins(m) == 0
    assert coins(m, "blue") == 4
    assert coins(m, "red") == 7
    assert kinds(events, "coins") == []


# ===== Destroy chart: settlements (R21) ===============================================


def destroy_match(kind, face, *, claim=None, red=4, blue_rings=10, red_rings=10, d3=2,
                  destroyer="red"):
    dragons = {destroyer: dict(at=RED_AT, coins=red, rings=red_rings),
               "blue": dict(at=FAR, rings=blue_rings)}
    return scenario(dragons, settlements=[(kind, NEXT, claim)], dice=[face, d3])


def settlements(m):
    return m.snapshot()["settlements"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("face", FACES)
def test_destroy_unclaimed_every_face(kind, face):
    """Unclaimed column: 0-5 nothing, 6-15 Ruin, 16-19 Destroyed, 20 Destroyed + a
    treasure token worth a d3; coins from the Ruin / Destroyed rows of the Destroyed
    chart. A ruin hit by a Ruin result stays as it is and pays nothing."""
    m = destroy_match(kind, face)
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    result = DESTROY_UNCLAIMED[face]
    assert_roll(one_roll(events, "destroy"), purpose="destroy", dragon="red", face=face,
                total=face, row=DESTROY_UNCLAIMED_LABEL[face])
    here = [{"kind": kind, "at": list(NEXT), "claim": None}]
    if result == "nothing":
        assert settlements(m) == here
        assert coins(m, "red") == 4
    elif result == "ruin":
        if kind == "ruin":  # R21: ruining a ruin changes nothing and pays nothing
            assert settlements(m) == here
            assert kinds(events, "ruined") == [] and kinds(events, "coins") == []
        else:
            assert settlements(m) == [{"kind": "ruin", "at": list(NEXT), "claim": None}]
        assert coins(m, "red") == 4 + PAY_RUIN[kind]
    else:
        assert settlements(m) == []
        assert coins(m, "red") == 4 + PAY_DESTROYED[kind]
    if result == "destroyed_treasure":
        assert treasure(m, "red") == [2]
        (token_roll,) = [e for e in kinds(events, "roll") if e["purpose"] == "treasure"]
        assert (token_roll["die"], token_roll["face"]) == (3, 2)
    else:
        assert treasure(m, "red") == []
        assert len(kinds(events, "roll")) == 1
    assert m.actions_left == 2


@pytest.mark.parametrize("d3", [1, 2, 3])
def test_destroy_treasure_token_value_is_the_d3(d3):
    m = destroy_match("city", 20, d3=d3)
    m.submit({"do": "destroy", "at": list(NEXT)})
    assert treasure(m, "red") == [d3]
    assert coins(m, "red") == 4 + 4
    assert m.scores()["red"] == 8 + d3


@pytest.mark.parametrize("claimant", ["blue", "red"])  # R21: the destroyer's own ring counts
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("face", FACES)
def test_destroy_claimed_every_face(claimant, kind, face):
    """Claimed column: 0-5 Revolt (destroyer loses 3), 6-10 nothing, 11-15 the ring comes
    off (back to its owner's supply), 16-19 Ruin (the claim stays on the ruin, Ruin row
    paid), 20 Destroyed (ring back, Destroyed Claimed row paid, no treasure)."""
    m = destroy_match(kind, face, claim=claimant, red=5,
                      blue_rings=9 if claimant == "blue" else 10,
                      red_rings=9 if claimant == "red" else 10)
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    result = DESTROY_CLAIMED[face]
    assert_roll(one_roll(events, "destroy"), purpose="destroy", dragon="red", face=face,
                total=face, row=DESTROY_CLAIMED_LABEL[face])
    here = [{"kind": kind, "at": list(NEXT), "claim": claimant}]
    expect_coins, expect_rings = 5, 9
    if result == "revolt":
        assert settlements(m) == here
        expect_coins = 2
    elif result == "nothing":
        assert settlements(m) == here
    elif result == "unclaim":
        assert settlements(m) == [{"kind": kind, "at": list(NEXT), "claim": None}]
        expect_rings = 10
    elif result == "ruin":
        assert settlements(m) == [{"kind": "ruin", "at": list(NEXT), "claim": claimant}]
        expect_coins = 5 + PAY_RUIN[kind]
        if kind == "ruin":
            assert kinds(events, "ruined") == [] and kinds(events, "coins") == []
    else:
        assert settlements(m) == []
        expect_rings = 10
        expect_coins = 5 + PAY_DESTROYED_CLAIMED[kind]
    assert coins(m, "red") == expect_coins
    assert rings(m, claimant) == expect_rings
    other = "red" if claimant == "blue" else "blue"
    assert rings(m, other) == 10
    assert treasure(m, "red") == []
    assert len(kinds(events, "roll")) == 1  # no treasure d3 in the claimed column


@pytest.mark.parametrize(("held", "left"), [(5, 2), (3, 0), (2, 0), (1, 0), (0, 0)])
@pytest.mark.parametrize("face", [1, 5])
def test_revolt_is_capped_at_holdings(held, left, face):
    """Revolt costs 3, capped at what the destroyer holds (R29)."""
    m = destroy_match("town", face, claim="blue", red=held, blue_rings=9)
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert coins(m, "red") == left
    paid = sum(e["amount"] for e in kinds(events, "coins"))
    assert paid == held - left
    assert coins(m, "blue") == 0  # revolt coins go to nobody


# ===== Destroy chart: places of power (R22) ===========================================


@pytest.mark.parametrize("destroyer", ["red", "gold", "copper"])
@pytest.mark.parametrize("face", FACES)
def test_destroy_unclaimed_place_every_face(destroyer, face):
    """Unclaimed place: 0-15 nothing, 16-20 back to the supply; never a ruin, no coins,
    no treasure. Gold and Copper may destroy places."""
    m = scenario({destroyer: dict(at=RED_AT, coins=4), "blue": dict(at=FAR)},
                 places=[("soul_mine", NEXT, None)], dice=[face, 2])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert_roll(one_roll(events, "destroy"), purpose="destroy", dragon=destroyer, face=face,
                total=face, row=PLACE_UNCLAIMED_LABEL[face])
    places = m.snapshot()["places"]
    if PLACE_UNCLAIMED[face] == "nothing":
        assert places == [{"kind": "soul_mine", "at": list(NEXT), "claim": None,
                           "power_used": False}]
    else:
        assert places == []
    assert settlements(m) == []
    assert coins(m, destroyer) == 4
    assert treasure(m, destroyer) == []
    assert len(kinds(events, "roll")) == 1


@pytest.mark.parametrize("claimant", ["blue", "red"])
@pytest.mark.parametrize("face", FACES)
def test_destroy_claimed_place_every_face(claimant, face):
    """Claimed place: 0-5 Revolt (-3), 6-10 nothing, 11-15 ring removed, 16-20 place
    removed to the supply with its ring back to the owner; never any coins."""
    m = scenario({"red": dict(at=RED_AT, coins=5, rings=9 if claimant == "red" else 10),
                  "blue": dict(at=FAR, rings=9 if claimant == "blue" else 10)},
                 places=[("arch_of_triumph", NEXT, claimant)], dice=[face, 2])
    events = m.submit({"do": "destroy", "at": [8, 6]})  # any cell of the 2x2 names it
    result = PLACE_CLAIMED[face]
    assert_roll(one_roll(events, "destroy"), purpose="destroy", dragon="red", face=face,
                total=face, row=PLACE_CLAIMED_LABEL[face])
    places = m.snapshot()["places"]
    place = {"kind": "arch_of_triumph", "at": list(NEXT), "claim": claimant,
             "power_used": False}
    expect_coins, expect_rings = 5, 9
    if result == "revolt":
        assert places == [place]
        expect_coins = 2
    elif result == "nothing":
        assert places == [place]
    elif result == "unclaim":
        assert places == [{**place, "claim": None}]
        expect_rings = 10
    else:
        assert places == []
        expect_rings = 10
    assert coins(m, "red") == expect_coins
    assert rings(m, claimant) == expect_rings
    assert treasure(m, "red") == []


def test_removed_place_returns_to_supply_and_can_be_claimed_no_more():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 places=[("soul_mine", NEXT, None)], dice=[18])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert [e["place"] for e in kinds(events, "place_removed")] == ["soul_mine"]
    assert not [a for a in m.legal_answers() if a["do"] in ("claim", "destroy")]
    # Its cells are free again: Red may now land there.
    assert {"do": "move", "to": [7, 5]} in m.legal_answers()


@pytest.mark.parametrize("dragon", ["gold", "copper"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("claim", [None, "blue", "self"])
def test_gold_and_copper_never_destroy_settlements(dragon, kind, claim):
    owner = dragon if claim == "self" else claim
    m = scenario({dragon: dict(at=RED_AT, coins=5), "blue": dict(at=FAR)},
                 settlements=[(kind, NEXT, owner)], places=[("madhouse", (3, 5), None)],
                 dice=[20, 2])
    legal = m.legal_answers()
    assert {"do": "destroy", "at": list(NEXT)} not in legal
    assert {"do": "destroy", "at": [3, 5]} in legal  # the place of power is fair game
    before = m.snapshot()
    with pytest.raises(IllegalAnswer, match="shall not destroy settlements"):
        m.submit({"do": "destroy", "at": list(NEXT)})
    assert m.snapshot() == before
    m.submit({"do": "destroy", "at": [3, 5]})
    assert m.snapshot()["places"] == []
    assert coins(m, dragon) == 5


# ===== Attack (R26) ===================================================================


@pytest.mark.parametrize(("a", "d", "winner"), [
    (12, 5, "red"), (5, 12, "blue"), (10, 10, "blue"), (20, 20, "blue"), (1, 1, "blue"),
    (20, 1, "red"), (1, 20, "blue"), (11, 10, "red"), (10, 11, "blue"), (2, 1, "red"),
])
def test_attack_higher_wins_ties_to_defender(a, d, winner):
    m = scenario({"red": dict(at=RED_AT, coins=10), "blue": dict(at=NEXT, coins=10)},
                 dice=[a, d])
    events = m.submit({"do": "attack", "dragon": "blue"})
    loser = "blue" if winner == "red" else "red"
    assert coins(m, winner) == 13
    assert coins(m, loser) == 7
    attack, defend = kinds(events, "roll")
    assert (attack["purpose"], attack["dragon"], attack["face"], attack["total"]) == (
        "attack", "red", a, a)
    assert (defend["purpose"], defend["dragon"], defend["face"], defend["total"]) == (
        "defend", "blue", d, d)
    assert attack["die"] == defend["die"] == 20
    assert attack["row"] is None and defend["row"] is None
    (summary,) = kinds(events, "attack")
    assert summary["winner"] == winner
    assert m.actions_left == 2


@pytest.mark.parametrize(("a", "d", "loser_coins", "paid"), [
    (15, 3, 2, 2), (15, 3, 0, 0), (3, 15, 1, 1), (3, 15, 3, 3), (9, 9, 2, 2),
])
def test_attack_loser_pays_capped_at_holdings(a, d, loser_coins, paid):
    red_loses = a <= d
    m = scenario({"red": dict(at=RED_AT, coins=loser_coins if red_loses else 10),
                  "blue": dict(at=NEXT, coins=10 if red_loses else loser_coins)}, dice=[a, d])
    m.submit({"do": "attack", "dragon": "blue"})
    loser, winner = ("red", "blue") if red_loses else ("blue", "red")
    assert coins(m, loser) == loser_coins - paid
    assert coins(m, winner) == 10 + paid


# ===== R30: modifiers and clamps ======================================================


def patch_mods(monkeypatch, value, only=None):
    """Replace game.lookups.modifiers: every roll (or only those matching `only`) gets a
    single ("test", value) modifier. Records each call."""
    calls = []

    def fake(m, purpose, dragon, **context):
        calls.append((purpose, dragon, context))
        if only is None or only(purpose, dragon, context):
            return [("test", value)]
        return []

    monkeypatch.setattr(lookups, "modifiers", fake)
    return calls


@pytest.mark.parametrize(("face", "mod", "total"), [
    (20, 5, 20), (18, 5, 20), (15, 5, 20), (14, 5, 19), (4, 5, 9), (5, 5, 10),
    (1, -5, 0), (3, -5, 0), (5, -5, 0), (8, -5, 3), (9, -5, 4), (20, -5, 15),
])
def test_steal_total_is_modified_and_clamped(monkeypatch, face, mod, total):
    calls = patch_mods(monkeypatch, mod)
    m = steal_cavern_match(face)
    events = m.submit({"do": "steal_cavern", "dragon": "blue"})
    assert_roll(one_roll(events, "steal"), purpose="steal", dragon="red", face=face,
                total=total, row=STEAL_LABEL[total], mods=[("test", mod)])
    assert coins(m, "red") == 10 + STEAL_GAIN[total]
    assert coins(m, "blue") == 10 - STEAL_GAIN[total]
    assert [(p, d) for p, d, _ in calls] == [("steal", "red")]


@pytest.mark.parametrize(("action", "target"), [
    ({"do": "steal_chest"}, "chest"), ({"do": "steal_for_thief", "dragon": "blue"}, "blue"),
])
def test_steal_chest_and_for_thief_are_clamped_too(monkeypatch, action, target):
    patch_mods(monkeypatch, 7)
    m = scenario({"red": dict(at=RED_AT, coins=10),
                  "blue": dict(at=FAR, cavern=(7, 6), coins=10)},
                 chest=NEXT, chest_coins=10, dice=[19])
    events = m.submit(action)
    roll = one_roll(events, "steal")
    assert (roll["face"], roll["total"], roll["row"]) == (19, 20, "20 Critical Theft")
    if target == "chest":
        assert (coins(m, "red"), chest_coins(m)) == (15, 5)
    else:
        assert (coins(m, "blue"), chest_coins(m)) == (5, 15)


@pytest.mark.parametrize(("claim", "face", "mod", "total", "label"), [
    (None, 16, 5, 20, "20 destroyed_treasure"),
    (None, 19, 5, 20, "20 destroyed_treasure"),
    (None, 2, -5, 0, "0-5 nothing"),
    (None, 10, -5, 5, "0-5 nothing"),
    (None, 11, -5, 6, "6-15 ruin"),
    (None, 20, 5, 20, "20 destroyed_treasure"),
    ("blue", 3, -5, 0, "0-5 revolt"),
    ("blue", 15, 5, 20, "20 destroyed"),
    ("blue", 20, 9, 20, "20 destroyed"),
    ("blue", 11, -1, 10, "6-10 nothing"),
])
def test_destroy_total_is_modified_and_clamped(monkeypatch, claim, face, mod, total, label):
    calls = patch_mods(monkeypatch, mod)
    m = destroy_match("town", face, claim=claim, red=5, blue_rings=9 if claim else 10, d3=3)
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert_roll(one_roll(events, "destroy"), purpose="destroy", dragon="red", face=face,
                total=total, row=label, mods=[("test", mod)])
    assert [(p, d) for p, d, _ in calls] == [("destroy", "red")]
    result = label.split()[1]
    expected = {
        "destroyed_treasure": (5 + PAY_DESTROYED["town"], [], [3]),
        "nothing": (5, [{"kind": "town", "at": list(NEXT), "claim": claim}], []),
        "ruin": (5 + PAY_RUIN["town"], [{"kind": "ruin", "at": list(NEXT), "claim": claim}], []),
        "revolt": (2, [{"kind": "town", "at": list(NEXT), "claim": claim}], []),
        "destroyed": (5 + PAY_DESTROYED_CLAIMED["town"], [], []),
    }[result]
    assert (coins(m, "red"), settlements(m), treasure(m, "red")) == expected


@pytest.mark.parametrize(("face", "mod", "total", "label", "removed"), [
    (11, 5, 16, "16-20 removed", True), (20, -5, 15, "0-15 nothing", False),
    (1, -5, 0, "0-15 nothing", False), (20, 5, 20, "16-20 removed", True),
])
def test_destroy_place_total_is_clamped(monkeypatch, face, mod, total, label, removed):
    patch_mods(monkeypatch, mod)
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 places=[("blade_miller", NEXT, None)], dice=[face])
    events = m.submit({"do": "destroy", "at": list(NEXT)})
    assert_roll(one_roll(events, "destroy"), purpose="destroy", dragon="red", face=face,
                total=total, row=label, mods=[("test", mod)])
    assert (m.snapshot()["places"] == []) is removed


@pytest.mark.parametrize(("who", "mod", "a", "d", "a_total", "d_total", "winner"), [
    ("attacker", 5, 20, 20, 25, 20, "red"),    # 25 is not clamped to 20
    ("attacker", -5, 3, 1, -2, 1, "blue"),     # nor -2 to 0
    ("attacker", 5, 10, 15, 15, 15, "blue"),   # a modified tie still goes to the defender
    ("defender", 5, 20, 19, 20, 24, "blue"),
    ("defender", -5, 2, 4, 2, -1, "red"),
    ("defender", -5, 1, 5, 1, 0, "red"),
])
def test_attack_totals_are_not_clamped(monkeypatch, who, mod, a, d, a_total, d_total, winner):
    calls = patch_mods(monkeypatch, mod, only=lambda p, dr, ctx: ctx.get("role") == who)
    m = scenario({"red": dict(at=RED_AT, coins=10), "blue": dict(at=NEXT, coins=10)},
                 dice=[a, d])
    events = m.submit({"do": "attack", "dragon": "blue"})
    attack, defend = kinds(events, "roll")
    assert (attack["face"], attack["total"]) == (a, a_total)
    assert (defend["face"], defend["total"]) == (d, d_total)
    mod_on = attack if who == "attacker" else defend
    no_mod = defend if who == "attacker" else attack
    assert [list(x) for x in mod_on["mods"]] == [["test", mod]]
    assert no_mod["mods"] == []
    assert coins(m, winner) == 13
    assert sorted((p, dr, c["role"]) for p, dr, c in calls) == [
        ("attack", "blue", "defender"), ("attack", "red", "attacker")]


# ===== Roll events ====================================================================


@pytest.mark.parametrize(("setup", "answer", "purpose", "row"), [
    ("cavern", {"do": "steal_cavern", "dragon": "blue"}, "steal", "10-15 Fair Theft"),
    ("cavern", {"do": "steal_for_thief", "dragon": "blue"}, "steal", "10-15 Fair Theft"),
    ("chest", {"do": "steal_chest"}, "steal", "10-15 Fair Theft"),
    ("town", {"do": "destroy", "at": list(NEXT)}, "destroy", "6-15 ruin"),
    ("claimed", {"do": "destroy", "at": list(NEXT)}, "destroy", "11-15 unclaim"),
    ("place", {"do": "destroy", "at": list(NEXT)}, "destroy", "0-15 nothing"),
])
def test_every_chart_roll_records_its_fields(setup, answer, purpose, row):
    dragons = {"red": dict(at=RED_AT, coins=3), "blue": dict(at=FAR, coins=3, rings=9)}
    kw: dict = {"chest": (0, 0), "chest_coins": 3}
    if setup == "cavern":
        dragons["blue"]["cavern"] = NEXT
    elif setup == "chest":
        kw["chest"] = NEXT
    elif setup == "town":
        kw["settlements"] = [("town", NEXT, None)]
    elif setup == "claimed":
        kw["settlements"] = [("town", NEXT, "blue")]
    else:
        kw["places"] = [("soul_mine", NEXT, None)]
    m = scenario(dragons, dice=[12], **kw)
    events = m.submit(answer)
    (roll,) = kinds(events, "roll")
    assert {"purpose", "dragon", "die", "face", "mods", "total", "row"} <= set(roll)
    assert_roll(roll, purpose=purpose, dragon="red", face=12, total=12, row=row)
    # The roll comes after the action event that caused it.
    types = [e["type"] for e in events]
    assert types.index("action") < types.index("roll")
