"""The content registry: one module per place of power (game/registry/places/), per
power card (game/registry/cards/) and per action (game/registry/actions/), holding
everything about it (key, title, d20 face, timing, engine and AI hooks, words, worth, art
and sound keys). The place tables the
rest of the game reads (game.tables.PLACES, PLACE_TITLES and the timing tables,
game.content's words, powers.TURN, the AI's POWERS and POWER_VALUE) are derived from
here when game.tables is first imported.

Adding a place: a module defining PLACE (a spec.Place), listed in places/__init__.py,
plus its art; or, from outside the game, `register(PLACE)` before game.tables is
imported (tests/registry_samples/ does so).

Adding a card: a module defining CARD (a spec.Card), listed in cards/__init__.py, plus its
art; or `register_card(CARD)` before game.tables is imported. The card tables
(game.tables.CARDS, CARD_TITLES and the timing tables, cards.TURN, content's words and
the AI's turn-card effects) are derived the same way.

Adding an action: a module defining ACTION (a spec.Action), listed in actions/__init__.py,
plus its art; or `register_action(ACTION)` before game.tables is imported. Derived from
them: game.tables.ACTION_COST, ACTIONS and ACTION_TITLES, systems.actions.RULES (and the
order of the legal answers), content's action words, the action bar's slots and keys,
and the AI search's moves for actions it has no code of its own for.
"""

from __future__ import annotations

from typing import Any

from game.registry.actions import BUILT_IN as BUILT_IN_ACTIONS
from game.registry.cards import BUILT_IN as BUILT_IN_CARDS
from game.registry.places import BUILT_IN
from game.registry.spec import (
    CARD_TIMINGS,
    TIMINGS,
    Action,
    ActionHooks,
    AlwaysHooks,
    CancelHooks,
    Card,
    CardHooks,
    ModelTools,
    Place,
    ReactionHooks,
    TurnHooks,
)

__all__ = ["CARD_TIMINGS", "TIMINGS", "CancelHooks", "Card", "CardHooks", "ModelTools",
           "Place", "RegistryError", "TurnHooks", "card", "card_hooks", "cards", "hooks",
           "place", "places", "register", "register_card"]
__all__ += ["AlwaysHooks", "REACTION_TIMINGS", "ReactionHooks", "always", "always_places",
            "reaction", "reaction_cards"]

_PLACES: dict[str, Place] = {}
_HOOKS: dict[str, Any] = {}
_CARDS: dict[str, Card] = {}  # in deck order: registration order
_CARD_HOOKS: dict[str, Any] = {}
_derived = False  # set once game.tables has read the registry: later places are refused


class RegistryError(ValueError):
    """An item that cannot be registered, with the reason in words."""


def _admit(new: Any, kind: str, taken: dict, clashes: list[str]) -> None:
    """Refuse `new` in one line when the tables are built, its spec is incomplete, its
    key is taken, or it clashes with another of its kind (`clashes`, in words)."""
    if _derived:
        raise RegistryError(f"cannot register {new.key}: register {kind} before "
                            "game.tables is imported (the tables are built from them)")
    problems = new.problems()
    if new.key in taken:
        problems.append(f"the key {new.key} is taken")
    problems += clashes
    if problems:
        raise RegistryError(f"cannot register {new.key}: {'; '.join(problems)}")


def _built(cache: dict, specs: dict, key: str, what: str = "hooks") -> Any:
    """An item's code hooks (the spec's `what` builder), built at first use."""
    found = cache.get(key)
    if found is None:
        build = getattr(specs[key], what)
        assert build is not None, f"{key} has no {what}"
        found = cache[key] = build()
    return found


def register(new: Place) -> Place:
    """Add a place of power. Refused (RegistryError, one line) when the spec is
    incomplete, its key or d20 face is taken, or the game's tables are already built."""
    faces = {p.face: p.key for p in _PLACES.values()}
    _admit(new, "places", _PLACES, [f"d20 face {new.face} is taken by {faces[new.face]}"]
           if new.face in faces else [])
    _PLACES[new.key] = new
    return new


def places() -> tuple[Place, ...]:
    """Every registered place, in d20 face order (R14)."""
    return tuple(sorted(_PLACES.values(), key=lambda p: p.face))


def place(key: str) -> Place:
    return _PLACES[key]


def derive() -> tuple[Place, ...]:
    """The places, for game.tables to derive its tables from; no place is added after."""
    global _derived
    _derived = True
    return places()


def hooks(key: str) -> Any:
    """A place's code hooks (TurnHooks / CancelHooks), built at first use."""
    return _built(_HOOKS, _PLACES, key)


def register_card(new: Card) -> Card:
    """Add a power card, at the bottom of the unshuffled deck. Refused (RegistryError,
    one line) when the spec is incomplete, its key is taken, or the game's tables are
    already built."""
    _admit(new, "cards", _CARDS, [])
    _CARDS[new.key] = new
    return new


def cards() -> tuple[Card, ...]:
    """Every registered card, in the unshuffled deck's order (R11)."""
    return tuple(_CARDS.values())


def card(key: str) -> Card:
    return _CARDS[key]


def card_hooks(key: str) -> Any:
    """A turn card's code hooks (CardHooks), built at first use."""
    return _built(_CARD_HOOKS, _CARDS, key)


# ----- reactions and standing abilities ---------------------------------------------------
_REACTIONS: dict[str, ReactionHooks] = {}
_ALWAYS: dict[str, AlwaysHooks] = {}
REACTION_TIMINGS = ("cancel", "roll", "dice", "any", "copy")


def reaction_cards() -> tuple[Card, ...]:
    """The cards played as reactions (a window's, or Copier), in deck order."""
    return tuple(c for c in _CARDS.values() if c.timing in REACTION_TIMINGS)


def reaction(key: str) -> ReactionHooks:
    """A card's ReactionHooks (any timing but turn: an own card may have its prompt
    words), built at first use (empty when it has none: its timing's rule holds)."""
    found = _REACTIONS.get(key)
    if found is None:
        assert _CARDS[key].timing != "turn", f"{key} is a turn card (card_hooks)"
        build = _CARDS[key].hooks
        found = _REACTIONS[key] = build() if build is not None else ReactionHooks()
    return found


def always_places() -> tuple[Place, ...]:
    """The places with a standing ability while held, in d20 face order."""
    return tuple(p for p in places() if p.always is not None)


def always(key: str) -> Any:
    """A place's AlwaysHooks, built at first use (Any, like hooks(): callers ask the
    hook points they have filtered the places by)."""
    return _built(_ALWAYS, _PLACES, key, "always")


for _module in BUILT_IN:
    register(_module.PLACE)
for _card_module in BUILT_IN_CARDS:
    register_card(_card_module.CARD)


# ----- actions (R17-R28) ---------------------------------------------------------------------
__all__ += ["Action", "ActionHooks", "action", "action_hooks", "actions", "register_action"]

_ACTIONS: dict[str, Action] = {}  # in the bar's order: registration order, End turn last
_ACTION_HOOKS: dict[str, ActionHooks] = {}


def register_action(new: Action) -> Action:
    """Add an action, on the bar before End turn. Refused (RegistryError, one line) when
    the spec is incomplete, its key or bar key is taken, or the game's tables are
    already built."""
    keys = {a.hotkey.upper(): a.key for a in _ACTIONS.values() if a.hotkey}
    _admit(new, "actions", _ACTIONS,
           [f"the bar key {new.hotkey} is taken by {keys[new.hotkey.upper()]}"]
           if new.hotkey and new.hotkey.upper() in keys else [])
    end = _ACTIONS.pop("end_turn", None)  # End turn stays the bar's last slot
    _ACTIONS[new.key] = new
    if end is not None:
        _ACTIONS["end_turn"] = end
    return new


def actions() -> tuple[Action, ...]:
    """Every registered action, in the bar's order (End turn last)."""
    return tuple(_ACTIONS.values())


def action(key: str) -> Action:
    return _ACTIONS[key]


def action_hooks(key: str) -> ActionHooks:
    """An action's code hooks (rule and AI model), built at first use."""
    return _built(_ACTION_HOOKS, _ACTIONS, key)


for _action_module in BUILT_IN_ACTIONS:
    register_action(_action_module.ACTION)
