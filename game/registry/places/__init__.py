"""The built-in places of power, one module each (the list is explicit: an import
order that cannot change by accident; game.registry registers them)."""

from game.registry.places import (
    angelstar_shrine,
    arch_of_triumph,
    baba_yagas_hut,
    blade_miller,
    chrysotas_chapel,
    citadel_of_torture,
    darkheart_cottage,
    immortals_resting_place,
    madhouse,
    pearlthorn_castle,
    soul_mine,
    soulwash_temple,
    tower_of_faces,
    tower_of_unquenched_flame,
)

BUILT_IN = (
    baba_yagas_hut, angelstar_shrine, tower_of_faces, tower_of_unquenched_flame,
    pearlthorn_castle, arch_of_triumph, blade_miller, soulwash_temple, madhouse,
    immortals_resting_place, soul_mine, chrysotas_chapel, citadel_of_torture,
    darkheart_cottage,
)
