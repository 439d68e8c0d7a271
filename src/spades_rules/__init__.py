"""spades_rules: the rules of Spades and its variants as one pure, immutable engine.

>>> from spades_rules import Rules, new_game, apply, legal_actions, Deal
>>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
>>> state.phase
<Phase.BID: 'bid'>
"""

from spades_rules.actions import Action, Bid, Deal, DrawDecision, Exchange, Play, Redeal
from spades_rules.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit, format_cards, parse_cards
from spades_rules.engine import apply, is_legal, legal_actions, new_game
from spades_rules.errors import (
    CardParseError,
    IllegalActionError,
    IllegalReason,
    RecordError,
    RulesError,
    SpadesError,
)
from spades_rules.rules import Rules
from spades_rules.scoring import HandScore, ScoreSheetError, SideScore, score_hand
from spades_rules.state import GameState, HandState, Phase, Trick

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "BIG_JOKER",
    "LITTLE_JOKER",
    "Action",
    "Bid",
    "Card",
    "CardParseError",
    "Deal",
    "DrawDecision",
    "Exchange",
    "GameState",
    "HandScore",
    "HandState",
    "IllegalActionError",
    "IllegalReason",
    "Phase",
    "Play",
    "Rank",
    "RecordError",
    "Redeal",
    "Rules",
    "RulesError",
    "ScoreSheetError",
    "SideScore",
    "SpadesError",
    "Suit",
    "Trick",
    "__version__",
    "apply",
    "format_cards",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse_cards",
    "score_hand",
]
