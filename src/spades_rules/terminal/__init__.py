"""Spades in a terminal: the card styles (:mod:`spades_rules.terminal.styles`) and the game against the
built-in bots that ``spades-rules play`` starts (:mod:`spades_rules.terminal.game`)."""

__all__: list[str] = []
