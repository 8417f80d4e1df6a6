"""The Textual app: main menu, new-game form, load list, rules help and the
shared game screen (see :mod:`tui.game_screen` and :mod:`tui.rulesets`)."""
