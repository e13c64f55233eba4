import os

# No display in unit tests (ARCHITECTURE.md); UI tests get the dummy drivers too.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
