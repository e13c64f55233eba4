"""Places of power that exist only in tests: each module registers itself on import,
before game.tables is built (tests/test_registry_new_place.py imports it first)."""
