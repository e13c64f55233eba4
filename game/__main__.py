"""`python -m game`, and the entry point of the PyInstaller bundle (packaging/narby.spec)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # First thing: in a frozen bundle the AI worker process (spawn) starts here, and must
    # become the worker before anything else runs.
    multiprocessing.freeze_support()
    from game.cli import main

    sys.exit(main())
