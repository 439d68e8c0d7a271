"""spades_rules: the rules of Spades and its variants as one pure, immutable engine.

>>> from spades_rules import Rules, new_game, apply, legal_actions, Deal
>>> state = apply(new_game(Rules.standard()), Deal.shuffled(Rules.standard(), 1))
>>> state.phase
<Phase.BID: 'bid'>
"""

from spades_rules.actions import (
    Action,
    Bid,
    Deal,
    DrawDecision,
    Exchange,
    Play,
    PlayerAction,
    Redeal,
    action_from_dict,
    parse_action,
)
from spades_rules.cards import (
    ALL_CARDS,
    BIG_JOKER,
    LITTLE_JOKER,
    Card,
    Cards,
    Rank,
    Suit,
    cards_of_mask,
    format_cards,
    mask_of,
    parse_cards,
)
from spades_rules.codec import (
    compact_step,
    decode_action,
    encode_action,
    legal_action_mask,
    legal_codes,
    num_distinct_actions,
)
from spades_rules.engine import apply, is_legal, legal_actions, new_game
from spades_rules.errors import (
    AnalysisError,
    ArgumentTypeError,
    CardParseError,
    IllegalActionError,
    IllegalReason,
    ObservationError,
    RecordError,
    RulesError,
    ScoreSheetError,
    SeatError,
    SpadesError,
)
from spades_rules.records import dumps, format_action, from_dict, loads, replay, to_dict
from spades_rules.rules import Rules
from spades_rules.rules.tables import CompiledTables
from spades_rules.scoring import HandScore, SideScore, score_hand
from spades_rules.scoring.sheet import ScoreSheet
from spades_rules.seat_moves import apply_from_seat
from spades_rules.state import GameState, HandState, Phase, Trick
from spades_rules.views.observation import Observation, observe
from spades_rules.views.parts import DrawTurn, ExchangeView
from spades_rules.views.sampling import sample_deal
from spades_rules.views.tensor import observation_tensor, observation_tensor_layout, observation_tensor_size

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "BIG_JOKER",
    "LITTLE_JOKER",
    "Action",
    "AnalysisError",
    "ArgumentTypeError",
    "Bid",
    "Card",
    "CardParseError",
    "Cards",
    "CompiledTables",
    "Deal",
    "DrawDecision",
    "DrawTurn",
    "Exchange",
    "ExchangeView",
    "GameState",
    "HandScore",
    "HandState",
    "IllegalActionError",
    "IllegalReason",
    "Observation",
    "ObservationError",
    "Phase",
    "Play",
    "PlayerAction",
    "Rank",
    "RecordError",
    "Redeal",
    "Rules",
    "RulesError",
    "ScoreSheet",
    "ScoreSheetError",
    "SeatError",
    "SideScore",
    "SpadesError",
    "Suit",
    "Trick",
    "__version__",
    "action_from_dict",
    "apply",
    "apply_from_seat",
    "cards_of_mask",
    "compact_step",
    "decode_action",
    "dumps",
    "encode_action",
    "format_action",
    "format_cards",
    "from_dict",
    "is_legal",
    "legal_action_mask",
    "legal_actions",
    "legal_codes",
    "loads",
    "mask_of",
    "new_game",
    "num_distinct_actions",
    "observation_tensor",
    "observation_tensor_layout",
    "observation_tensor_size",
    "observe",
    "parse_action",
    "parse_cards",
    "replay",
    "sample_deal",
    "score_hand",
    "to_dict",
]
