"""The built-in power cards, one module each, in the deck's order before its shuffle
(game.tables.CARDS: the order the seeded shuffle starts from, so it must not change;
game.registry registers them)."""

from game.registry.cards import (
    copier,
    defender,
    destroyer,
    fighter,
    governor,
    horror,
    inciter,
    jumper,
    leader,
    mayor,
    orienteer,
    peacemaker,
    pro_creator,
    robber,
    sheriff,
    sneaker,
    speedster,
    trickster,
    vigor,
    watcher,
)

BUILT_IN = (
    speedster, fighter, sneaker, destroyer, jumper, robber, horror, watcher,
    orienteer, peacemaker, pro_creator, governor, vigor, sheriff, mayor,
    inciter, leader, defender, copier, trickster,
)
