"""An independent model of the game, written from the rules page as plain, slow Python.

It knows nothing of the library's engine: it reads a game's options from a plain dict, is told each
deck and each action, and says at every point what the rules allow (the seat to act, the phase, the
legal actions), how each hand scores, when the game ends and what each seat may see. The differential
tests drive it side by side with the library.
"""

from oracle.game import OracleGame
from oracle.options import DEFAULTS, HOUSE_RULES, Options
from oracle.validity import Refusal, refusals
from oracle.views import View, may_let_hide_own_hand, must_let_hide_own_hand, view_of

__all__ = [
    "DEFAULTS",
    "HOUSE_RULES",
    "Options",
    "OracleGame",
    "Refusal",
    "View",
    "may_let_hide_own_hand",
    "must_let_hide_own_hand",
    "refusals",
    "view_of",
]
