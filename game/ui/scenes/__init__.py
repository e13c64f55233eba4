"""The window's screens (one module per scene; game.ui.app stacks them)."""
