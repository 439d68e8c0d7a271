"""The double-dummy search: alpha-beta over bit masks, one boolean question at a time.

A :class:`Search` holds one position of the play (every hand known, the trick in progress) in its own card
layout and answers "can this side take at least ``target`` of the remaining tricks?" (:meth:`Search.reaches`)
by a zero-window alpha-beta search; :meth:`Search.value` finds the exact number with a few such probes
(MTD(f)), keeping what each probe learnt in a transposition table.

The play rule is the engine's (``engine._playable`` and ``engine._first_trick_follow``), compiled to this
layout by :func:`_Layout.legal` and checked against :func:`~spades_rules.engine.legal_actions` on random
positions of every variant (``tests/test_analysis.py``); the trick winner is read from
:attr:`Rules.tables <spades_rules.rules.Rules.tables>` (``suit_of`` and ``power``).

Speed (each trick in one sentence):

- **Layout**: cards are renumbered so that each effective suit is a run of bits in power order and the
  trumps come last, so a card beats the trick's winning card exactly when it follows the suit led or is a
  trump and its bit is higher (one comparison, no table).
- **Transposition table with winning ranks**: every search from a trick boundary also returns the cards
  that decided it (a card whose rank beat another of its suit in a trick, or that a bound rested on); the
  answer is kept for every position with the same suit lengths in every hand whose cards, from the lowest
  deciding card of each suit up, are held by the same seats by relative rank (DDS's and Ginsberg's
  partition search). Positions are compared by relative ranks (each hand packed down past the cards played,
  a byte at a time through the ``_PEXT`` table) under one mask, one AND and one comparison per entry.
- **Equivalent cards**: of a seat's legal cards, only the highest of each run with no other unplayed card
  between them (in the hands or in the current trick) is searched: the others win and lose the same tricks
  (when a deciding card splits such a run, the run's lowest card decides too: :meth:`Search._whole_runs`).
- **Bounds without search**: at a trick boundary the leader's quick tricks (top trumps, then the top cards
  of each plain suit for as long as every seat keeping a trump follows) and the sure trump tricks of the
  side holding the top trumps (one seat's top trumps never fall together) bound the value from below or
  above, often answering a probe without a move.
- **Move ordering**: first the lead that decided the same position in an earlier probe; then leads by who
  takes the trick: a suit's top card, a low card to a partner's top card, a lead the partner can ruff, the
  other low leads, and last the leads an opponent can ruff; followers try the cheapest card that takes the
  trick for good, then the least worth losers (the card with the most cards above it; trumps last), so
  cut-offs come early.
- **The last trick** is counted, not searched: each seat holds one card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from spades_rules.cards import ALL_CARDS, Card, Suit
from spades_rules.rules.tables import CompiledTables

__all__ = ["Layout", "Search", "layout_of"]

_SPADES: Final = int(Suit.SPADES)
_CLUBS: Final = int(Suit.CLUBS)


class Layout:
    """One rule set's cards in the search's bit layout, and the play rule compiled to it."""

    __slots__ = (
        "after_first_trick",
        "anytime",
        "block_of",
        "card_of",
        "clubs",
        "first_trick_lowest_club",
        "first_trick_no_spades",
        "first_trick_rules",
        "players",
        "suits",
        "to_bit",
        "trumps",
    )

    def __init__(self, tables: CompiledTables) -> None:
        by_suit: dict[int, list[Card]] = {}
        for card in tables.deck:
            by_suit.setdefault(tables.suit_of[card.index], []).append(card)
        order: list[Card] = []
        suits: list[int] = []
        for suit in sorted(by_suit, key=lambda s: s == _SPADES):  # the trumps last: the highest bits
            cards = sorted(by_suit[suit], key=lambda card: tables.power[card.index])
            start = len(order)
            order.extend(cards)
            suits.append(((1 << len(order)) - 1) ^ ((1 << start) - 1))
        self.card_of: tuple[Card, ...] = tuple(order)
        """Per bit of the layout, the card."""
        to_bit = [0] * len(ALL_CARDS)
        for bit, card in enumerate(order):
            to_bit[card.index] = 1 << bit
        self.to_bit: tuple[int, ...] = tuple(to_bit)
        """Per card index, the card's bit in the layout (0 for a card not in the deck)."""
        self.suits: tuple[int, ...] = tuple(suits)
        """The mask of each effective suit's cards (the trumps last)."""
        self.block_of: tuple[int, ...] = tuple(
            next(mask for mask in suits if mask >> bit & 1) for bit in range(len(order)))
        """Per bit, the mask of its effective suit (what following it means)."""
        self.trumps: int = self.map(tables.spade_mask)
        self.clubs: int = self.map(tables.suit_masks[_CLUBS])
        self.players: int = tables.players
        self.anytime: bool = tables.spades_anytime
        self.after_first_trick: bool = tables.spades_after_first_trick
        self.first_trick_rules: bool = tables.first_trick_rules
        self.first_trick_lowest_club: bool = tables.first_trick_lowest_club
        self.first_trick_no_spades: bool = tables.first_trick_no_spades

    def map(self, mask: int) -> int:
        """An engine mask (bits by card index) in the layout."""
        to_bit = self.to_bit
        out = 0
        while mask:
            low = mask & -mask
            out |= to_bit[low.bit_length() - 1]
            mask ^= low
        return out

    def unmap(self, mask: int) -> int:
        """A layout mask as an engine mask."""
        card_of = self.card_of
        out = 0
        while mask:
            low = mask & -mask
            out |= card_of[low.bit_length() - 1].bit
            mask ^= low
        return out

    def legal(self, mine: int, led: int, first_trick: bool, broken: bool) -> int:
        """The cards of ``mine`` the seat may play: ``led`` is the mask of the suit led (0 on the lead).

        The engine's ``_playable`` in this layout (the first lead of a hand, which the lowest-club rule may
        fix, is never searched: it is the root, whose plays the engine lists)."""
        if led:
            if first_trick and self.first_trick_rules:
                if self.first_trick_lowest_club:
                    clubs = mine & self.clubs
                    if clubs:
                        return clubs & -clubs
                following = mine & led
                if following or not self.first_trick_no_spades:
                    return following or mine
                return mine & ~self.trumps or mine
            return mine & led or mine
        if self.anytime or broken or (self.after_first_trick and not first_trick):
            return mine
        return mine & ~self.trumps or mine


def _pext_byte(bits: int, within: int) -> int:
    """The bits of ``bits`` at the places of ``within``'s bits, packed down (x86's PEXT, for one byte)."""
    out = 0
    at = 0
    for place in range(8):
        if within >> place & 1:
            out |= (bits >> place & 1) << at
            at += 1
    return out


_PEXT: Final = tuple(_pext_byte(index & 255, index >> 8) for index in range(1 << 16))
"""``_PEXT[within << 8 | bits]``: a byte's bits packed down to the places of ``within`` (relative ranks)."""
_POP: Final = tuple(index.bit_count() for index in range(256))


def _pdep_table() -> tuple[int, ...]:
    """``_PDEP[within << 8 | packed]``: the low bits of ``packed`` spread out to the places of ``within``
    (x86's PDEP, for one byte: the inverse of :data:`_PEXT`)."""
    table = [0] * (1 << 16)
    for index in range(1 << 16):
        within = index >> 8
        table[within << 8 | _PEXT[index]] = index & within & 255
    return tuple(table)


_PDEP: Final = _pdep_table()
_LOW: Final = tuple((1 << count) - 1 for count in range(9))


def _compress(bits: int, within: int) -> int:
    """The bits of ``bits`` at the places of ``within``'s bits, packed down: cards by relative rank."""
    out = 0
    shift = 0
    while within:
        byte = within & 255
        if byte:
            out |= _PEXT[byte << 8 | (bits & 255)] << shift
            shift += _POP[byte]
        within >>= 8
        bits >>= 8
    return out


def _expand(packed: int, within: int) -> int:
    """The inverse of :func:`_compress`: the low bits of ``packed`` spread out to the places of ``within``."""
    out = 0
    at = 0
    while within and packed:
        byte = within & 255
        if byte:
            count = _POP[byte]
            out |= _PDEP[byte << 8 | (packed & _LOW[count])] << at
            packed >>= count
        within >>= 8
        at += 8
    return out


_LAYOUTS: dict[CompiledTables, Layout] = {}


def layout_of(tables: CompiledTables) -> Layout:
    """The layout of a rule set's tables (cached: a few rule sets are analysed many times)."""
    layout = _LAYOUTS.get(tables)
    if layout is None:
        if len(_LAYOUTS) > 64:
            _LAYOUTS.clear()
        layout = _LAYOUTS[tables] = Layout(tables)
    return layout


class Search:
    """A position of the play in the layout, searched for one side (the seats in ``maximizing``).

    ``hands`` are layout masks per seat; ``trick`` the layout bits played to the current trick from its
    ``leader`` on; ``first_trick`` whether no trick is complete yet; ``broken`` whether spades are broken.
    The position is changed while searching and restored before each method returns.
    """

    __slots__ = (
        "broken",
        "cut",
        "exact",
        "first_trick",
        "hands",
        "layout",
        "leader",
        "maximizing",
        "nodes",
        "planes",
        "players",
        "replicate",
        "table",
        "track_broken",
        "trick",
    )

    def __init__(
        self,
        layout: Layout,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        first_trick: bool,
        broken: bool,
        maximizing: Sequence[bool],
    ) -> None:
        self.layout = layout
        self.players = layout.players
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.first_trick = first_trick
        self.broken = broken
        self.maximizing = tuple(maximizing)
        self.track_broken = not layout.anytime
        """Whether broken spades still matter for the lead (part of the table's key)."""
        self.table: dict[int, list[list[int]]] = {}
        """Per bucket of trick-boundary positions (see :meth:`_describe`), the answers found: ``[mask,
        pattern, lower, upper]``, valid for the positions whose hands by relative rank under ``mask`` are
        ``pattern``."""
        self.exact: dict[tuple[int, ...], list[Any]] = {}
        """Per trick-boundary position by its cards, what :meth:`_describe` finds (computed once)."""
        self.planes: tuple[tuple[int, ...], ...] = tuple(
            tuple(seat for seat in range(self.players) if seat >> bit & 1)
            for bit in range((self.players - 1).bit_length()))
        """Per bit of a seat's number, the seats with that bit set (a hand by relative rank is packed per bit)."""
        self.replicate: tuple[int, ...] = tuple(
            sum(1 << (width * at) for at in range(len(self.planes))) for width in range(len(layout.card_of) + 1))
        """Per number of cards left, the multiplier that copies a mask of relative ranks to every packed hand."""
        self.cut = 0
        """The card that decided the last cut-off."""
        self.nodes = 0
        """Cards tried so far (a deterministic measure of the work done)."""

    # ------------------------------------------------------------------------------------ the questions
    def tricks_left(self) -> int:
        """The tricks still to be won, the current one included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    def value(self, legal: int = 0, guess: int | None = None) -> int:
        """The tricks the side takes from here with best play by every seat (MTD(f) over :meth:`reaches`;
        ``legal`` as there)."""
        low, high = 0, self.tricks_left()
        target = (low + high + 1) // 2 if guess is None else guess
        while low < high:
            target = min(max(target, low + 1), high)
            if self.reaches(target, legal):
                low = target
                target += 1
            else:
                high = target - 1
                target -= 1
        return low

    def reaches(self, target: int, legal: int = 0) -> bool:
        """Whether the side can take at least ``target`` of the remaining tricks, the current one included;
        ``legal`` (when not 0) is the mask of the cards the seat to act may play now, as the engine lists them."""
        trick = self.trick
        players = self.players
        if not trick:
            left = self.hands[self.leader].bit_count()
            if not legal:
                return self._boundary(self.leader, target, left)[0]
            if target <= 0 or target > left:
                return target <= 0
            return self._play(self.leader, 0, 0, 0, self.leader, 0, target, left, legal)[0]
        layout = self.layout
        led = layout.block_of[trick[0].bit_length() - 1]
        win = 0
        win_at = 0
        trumps = layout.trumps
        for at, bit in enumerate(trick):
            if (bit & led or bit & trumps) and bit > win:
                win, win_at = bit, at
        played = 0
        for bit in trick:
            played |= bit
        count = len(trick)
        seat = (self.leader + count) % players
        left = self.hands[self.leader].bit_count() + 1
        if target <= 0 or target > left:
            return target <= 0
        return self._play(seat, count, led, win, (self.leader + win_at) % players, played, target, left, legal)[0]

    def play(self, bit: int) -> int:
        """Play ``bit`` for the seat to act (a card the engine accepts), moving to the next position; the
        seat that wins the trick when this card completes it, else -1."""
        seat = (self.leader + len(self.trick)) % self.players
        self.hands[seat] ^= bit
        if bit & self.layout.trumps:
            self.broken = True
        self.trick.append(bit)
        if len(self.trick) < self.players:
            return -1
        winner = self.winner_of(self.trick, self.leader)
        self.leader = winner
        self.trick = []
        self.first_trick = False
        return winner

    def value_after(self, bit: int, guess: int | None = None) -> int:
        """The side's tricks from here (the current trick included) after the seat to act plays ``bit``."""
        saved = (list(self.hands), self.leader, list(self.trick), self.first_trick, self.broken)
        winner = self.play(bit)
        bonus = 1 if winner >= 0 and self.maximizing[winner] else 0
        try:
            return self.value(0, None if guess is None else guess - bonus) + bonus
        finally:
            self.hands, self.leader, self.trick, self.first_trick, self.broken = saved

    def representative(self, bit: int, legal: int) -> int:
        """The card the search plays for ``bit``: the highest of its run of equivalent cards in ``legal``
        (cards of one suit with no other unplayed card between them)."""
        remaining = 0
        for hand in self.hands:
            remaining |= hand
        for card in self.trick:
            remaining |= card
        block = self.layout.block_of[bit.bit_length() - 1]
        while True:
            above = remaining & block & ~((bit << 1) - 1)
            nxt = above & -above
            if not nxt & legal:
                return bit
            bit = nxt

    def distinct(self, legal: int) -> list[int]:
        """One card of each run of equivalent cards in ``legal`` (see :meth:`representative`)."""
        found: list[int] = []
        rest = legal
        while rest:
            bit = rest & -rest
            rest ^= bit
            top = self.representative(bit, legal)
            if top == bit:
                found.append(bit)
        return found

    def winner_of(self, trick: Sequence[int], leader: int) -> int:
        """The seat that wins a complete trick of layout bits led by ``leader``."""
        led = self.layout.block_of[trick[0].bit_length() - 1]
        trumps = self.layout.trumps
        win, win_at = 0, 0
        for at, card in enumerate(trick):
            if (card & led or card & trumps) and card > win:
                win, win_at = card, at
        return (leader + win_at) % self.players

    # ------------------------------------------------------------------------------------ the search
    def _boundary(self, leader: int, target: int, left: int) -> tuple[bool, int]:
        """Whether the side takes ``target`` of the ``left`` tricks from a trick boundary, ``leader`` on
        lead, and the cards that decided it (see :meth:`_play`)."""
        if target <= 0:
            return True, 0
        if target > left:
            return False, 0
        hands = self.hands
        if left == 1:  # the last trick: every seat's one card
            self.nodes += 1
            return self._last_trick(leader)
        exact = (*hands, leader, self.broken)
        known = self.exact.get(exact)
        if known is None:
            known = self.exact[exact] = self._describe(leader)
        lengths, packed, remaining, bounds, hint = known
        bucket = self.table.get(lengths)
        if bucket is None:
            bucket = self.table[lengths] = []
        else:
            for mask, pattern, low, high in bucket:
                if low >= target:
                    if packed & mask == pattern:
                        return True, _expand(mask, remaining)
                elif high < target and packed & mask == pattern:
                    return False, _expand(mask, remaining)
        if bounds is None:
            bounds = known[3] = self._bounds(leader, left)
        low, low_steps, high, high_steps = bounds
        if low >= target:
            return True, low_steps[target - 1]
        if high < target:
            return False, high_steps[left - target]
        found, decided = self._play(leader, 0, 0, 0, leader, 0, target, left, 0, hint)
        if found == self.maximizing[leader]:
            known[4] = self.cut
        return found, self._store(bucket, packed, remaining, decided, found, target, left)

    def _describe(self, leader: int) -> list[Any]:
        """What the table needs of a trick-boundary position, computed once per exact position: the key of
        its bucket (the leader, whether broken spades still matter and every hand's length in every suit),
        the hands by relative rank (for each bit of the seats' numbers, the cards of the seats with that
        bit, packed down past the cards played, side by side), the cards left, and two places filled later:
        the bounds without search (:meth:`_bounds`) and the lead that last decided the position."""
        hands = self.hands
        remaining = 0
        for hand in hands:
            remaining |= hand
        key = leader << 1 | (self.track_broken and not self.broken)
        suits = self.layout.suits
        for hand in hands:
            for block in suits:
                key = key << 5 | (hand & block).bit_count()
        packed = 0
        shift = 0
        width = remaining.bit_count()
        for plane in self.planes:
            cards = 0
            for seat in plane:
                cards |= hands[seat]
            packed |= _compress(cards, remaining) << shift
            shift += width
        return [key, packed, remaining, None, 0]

    def _bounds(self, leader: int, left: int) -> tuple[int, tuple[int, ...], int, tuple[int, ...]]:
        """The bounds on the side's tricks from a trick boundary that need no search (the leader's quick
        tricks and the sure trump tricks, each counting for its side): the lower one and, per number of
        tricks up to it, the cards that many rest on; the upper one and the same for the other side."""
        hands = self.hands
        maximizing = self.maximizing
        remaining = 0
        ours = 0
        for seat, hand in enumerate(hands):
            remaining |= hand
            if maximizing[seat]:
                ours |= hand
        quick = self._quick_tricks(leader)
        trump_side, sure = self._sure_trumps(remaining, ours)
        low: tuple[int, ...] = ()
        theirs: tuple[int, ...] = ()
        if maximizing[leader]:
            low = quick
        else:
            theirs = quick
        if trump_side and len(sure) > len(low):
            low = sure
        if not trump_side and len(sure) > len(theirs):
            theirs = sure
        return len(low), low, left - len(theirs), theirs

    def _sure_trumps(self, remaining: int, ours: int) -> tuple[bool, tuple[int, ...]]:
        """Trump tricks won for sure by the side holding the top trump, whoever leads: the trumps of one of
        its seats above every trump of the other side each win the trick they fall in (one seat's never fall
        together). Whether that side is the searched one (holding ``ours``), and per trick counted, the
        cards it rests on (the trumps from that seat's card down to it up)."""
        trumps = remaining & self.layout.trumps
        if not trumps:
            return False, ()
        side = bool(trumps >> (trumps.bit_length() - 1) & ours >> (trumps.bit_length() - 1))
        holders = ours if side else remaining & ~ours
        others = trumps & ~holders
        run = trumps & ~((1 << others.bit_length()) - 1)
        maximizing = self.maximizing
        best = 0
        for seat, hand in enumerate(self.hands):
            if maximizing[seat] == side and (hand & run).bit_count() > best.bit_count():
                best = hand & run
        steps = []
        while best:
            card = 1 << (best.bit_length() - 1)
            best ^= card
            steps.append(run & -card)  # the run from this card up
        return side, tuple(steps)

    def _store(
        self, bucket: list[list[int]], packed: int, remaining: int, decided: int, found: bool, target: int,
        left: int,
    ) -> int:
        """Keep a search's answer in the position's bucket, valid for every position with the same suit
        lengths whose cards from the lowest deciding card of each suit up are held by the same seats; the
        mask of those cards (in this position) is returned: they decided the answer."""
        closed = decided
        for block in self.layout.suits:
            inside = decided & block
            if inside:
                closed |= remaining & block & -(inside & -inside)  # the suit's cards from that one up
        mask = _compress(closed, remaining) * self.replicate[remaining.bit_count()]
        pattern = packed & mask
        for entry in bucket:
            if entry[0] == mask and entry[1] == pattern:
                if found:
                    entry[2] = max(entry[2], target)
                else:
                    entry[3] = min(entry[3], target - 1)
                return closed
        bucket.append([mask, pattern, target if found else 0, left if found else target - 1])
        return closed

    def _last_trick(self, leader: int) -> tuple[bool, int]:
        """The last trick, each seat holding one card: whether the side wins it, and the winning card when
        its rank beat another card of its suit."""
        hands = self.hands
        players = self.players
        layout = self.layout
        led = layout.block_of[hands[leader].bit_length() - 1]
        trumps = layout.trumps
        win, win_at, played = 0, 0, 0
        for at in range(players):
            card = hands[(leader + at) % players]
            played |= card
            if (card & led or card & trumps) and card > win:
                win, win_at = card, at
        rival = played & layout.block_of[win.bit_length() - 1] & ~win
        return self.maximizing[(leader + win_at) % players], win if rival else 0

    def _play(
        self, seat: int, count: int, led: int, win: int, win_seat: int, played: int, target: int, left: int,
        forced: int = 0, hint: int = 0,
    ) -> tuple[bool, int]:
        """Whether the side reaches ``target`` when ``seat`` plays the ``count``-th card of the trick, and
        the cards that decided it ("winning ranks": the cards whose rank won a trick, so that any position
        with the same suit lengths and the same holders of those cards and the cards above them has the
        same answer).

        ``led`` is the suit led (0 on the lead), ``win`` / ``win_seat`` the winning card so far and its
        seat, ``played`` the trick's cards, ``left`` the tricks left with this one; ``forced`` (when not 0)
        the legal cards, as the engine lists them at the root; ``hint`` a card to try first (the one that
        decided this position in an earlier probe). The card that decides a cut is left in ``cut``."""
        layout = self.layout
        hands = self.hands
        mine = hands[seat]
        if forced:
            legal = forced
        elif led and mine & led and not self.first_trick:
            legal = mine & led  # following suit: the common case, without the call
        else:
            legal = layout.legal(mine, led, self.first_trick, self.broken)
        maximizing = self.maximizing
        is_max = maximizing[seat]
        players = self.players
        trumps = layout.trumps
        block_of = layout.block_of
        remaining = played
        for hand in hands:
            remaining |= hand
        moves = self._order(seat, legal, remaining, led, win, win_seat, count)
        if hint and hint in moves and moves[0] != hint:
            moves.remove(hint)
            moves.insert(0, hint)
        last = count == players - 1
        nxt = (seat + 1) % players
        broken = self.broken
        first = self.first_trick
        decided = 0
        for bit in moves:
            self.nodes += 1
            hands[seat] = mine ^ bit
            if bit & trumps:
                self.broken = True
            if count == 0:
                suit = block_of[bit.bit_length() - 1]
                new_win, new_seat = bit, seat
            else:
                suit = led
                if (bit & led or bit & trumps) and bit > win:
                    new_win, new_seat = bit, seat
                else:
                    new_win, new_seat = win, win_seat
            if last:
                self.first_trick = False
                need = target - 1 if maximizing[new_seat] else target
                found, cards = self._boundary(new_seat, need, left - 1)
                self.first_trick = first
                if (played | bit) & block_of[new_win.bit_length() - 1] & ~new_win:
                    cards |= new_win  # its rank won the trick
            else:
                found, cards = self._play(nxt, count + 1, suit, new_win, new_seat, played | bit, target, left)
            hands[seat] = mine
            self.broken = broken
            if found == is_max:
                self.cut = bit
                return found, cards
            decided |= cards
        if len(moves) < legal.bit_count():
            decided = self._whole_runs(decided, moves, legal, remaining)
        return not is_max, decided

    def _whole_runs(self, decided: int, moves: list[int], legal: int, remaining: int) -> int:
        """``decided`` extended so that no run of equivalent cards searched as one (its highest card) is
        split by the lowest deciding card of its suit: the run's lowest card joins (every card of the run
        answered for the others only while the run stays whole)."""
        block_of = self.layout.block_of
        for top in moves:
            block = block_of[top.bit_length() - 1]
            inside = decided & block
            lowest = inside & -inside
            if not lowest or lowest > top:
                continue
            bottom = top
            while True:
                below = remaining & block & (bottom - 1)
                if not below:
                    break
                nxt = 1 << (below.bit_length() - 1)
                if not nxt & legal:
                    break
                bottom = nxt
            if bottom < lowest:
                decided |= bottom
        return decided

    def _order(
        self, seat: int, legal: int, remaining: int, led: int, win: int, win_seat: int, count: int
    ) -> list[int]:
        """The seat's distinct legal cards (the highest of each run of equivalent ones), best first."""
        block_of = self.layout.block_of
        distinct: list[int] = []
        rest = legal
        while rest:
            bit = rest & -rest
            rest ^= bit
            block = block_of[bit.bit_length() - 1]
            above = remaining & block & ~((bit << 1) - 1)
            if above and (above & -above) & legal:
                continue  # the next card up in this suit is ours too: the same card for the search
            distinct.append(bit)
        if len(distinct) < 2:
            return distinct
        if count == 0:
            return self._lead_order(seat, distinct, remaining)
        return self._follow_order(seat, distinct, remaining, led, win, win_seat, count)

    def _lead_order(self, seat: int, distinct: list[int], remaining: int) -> list[int]:
        """A leader's cards, best first: a suit's top card no opponent can ruff (a winner), then a low card
        to a partner's top card no opponent can ruff, then a low card a partner can ruff, then the low
        cards of the other suits, the shortest in the opponents' hands first, then leads an opponent can ruff."""
        maximizing = self.maximizing
        block_of = self.layout.block_of
        trumps = self.layout.trumps
        side = maximizing[seat]
        partners = 0
        voids_ours = []
        voids_theirs = []
        for other, hand in enumerate(self.hands):
            if other != seat:
                if maximizing[other] == side:
                    partners |= hand
                    voids_ours.append(hand)
                else:
                    voids_theirs.append(hand)

        def lead_key(bit: int) -> int:
            block = block_of[bit.bit_length() - 1]
            ruffed = not bit & trumps and any(not hand & block and hand & trumps for hand in voids_theirs)
            if ruffed:
                return 6
            above = remaining & block & ~((bit << 1) - 1)
            if not above:
                return 0
            if 1 << (above.bit_length() - 1) & partners:
                return 1
            if not bit & trumps and any(not hand & block and hand & trumps for hand in voids_ours):
                return 2
            return 3

        distinct.sort(key=lead_key)
        return distinct

    def _follow_order(
        self, seat: int, distinct: list[int], remaining: int, led: int, win: int, win_seat: int, count: int
    ) -> list[int]:
        """A follower's cards, best first: when the trick is the other side's, the cheapest card that takes
        it for good (no later opponent can beat it), then the cheapest losers, then the winners a later
        opponent may beat (the losers first when a partner playing after every opponent can take the trick);
        when it is our side's and no later opponent can beat it, the cheapest loser. Losers go from the
        least worth: the card of its suit with the most cards above it, trumps last."""
        maximizing = self.maximizing
        trumps = self.layout.trumps
        side = maximizing[seat]
        threat, cover = self._later_best(seat, count, led) if count < self.players - 1 else (0, 0)
        ours = maximizing[win_seat] == side
        if ours and win > threat:
            winners: list[int] = []
            sure: list[int] = []
            losers = distinct
        else:
            winners = []
            sure = []
            losers = []
            for bit in distinct:
                if (bit & led or bit & trumps) and bit > win:
                    (sure if bit > threat else winners).append(bit)
                else:
                    losers.append(bit)
        if len(losers) > 1 and not distinct[0] & led:  # discards: none follows the suit led
            block_of = self.layout.block_of

            def worth(bit: int) -> tuple[bool, int]:
                above = remaining & block_of[bit.bit_length() - 1] & ~((bit << 1) - 1)
                return bool(bit & trumps), -above.bit_count()

            losers.sort(key=worth)
        if cover > win and cover > threat:
            return losers + sure + winners
        return sure + losers + winners

    def _later_best(self, seat: int, count: int, led: int) -> tuple[int, int]:
        """The best cards the seats still to play to this trick can win it with (their top card of the suit
        led, or their top trump when void in it): an opponent's (0 when none), and a partner's who plays
        after every opponent still to play (0 when none)."""
        maximizing = self.maximizing
        hands = self.hands
        trumps = self.layout.trumps
        players = self.players
        side = maximizing[seat]
        threat = 0
        cover = 0
        for later in range(1, players - count):
            other = (seat + later) % players
            hand = hands[other]
            best = hand & led or hand & trumps
            top = 1 << (best.bit_length() - 1) if best else 0
            if maximizing[other] != side:
                threat = max(threat, top)
                cover = 0
            else:
                cover = max(cover, top)
        return threat, cover

    def _quick_tricks(self, leader: int) -> tuple[int, ...]:
        """The tricks the leader's side takes for sure, leading from the top: per trick counted, the cards
        that many rest on (the top cards cashed so far: with the same seats holding them and the same suit
        lengths, another position has at least as many).

        Top trumps win whatever is played (when the leader may lead them); then the top cards of each plain
        suit win as many rounds as every other seat still holding a trump can follow it (playing one suit
        leaves the others' holdings in the rest alone). With no other trump left, every top card wins."""
        if self.first_trick:
            return ()
        hands = self.hands
        layout = self.layout
        mine = hands[leader]
        trumps = layout.trumps
        remaining = 0
        for hand in hands:
            remaining |= hand
        may_lead_trumps = layout.anytime or self.broken or layout.after_first_trick or not (mine & ~trumps)
        steps: list[int] = []
        cards = 0
        if may_lead_trumps and mine & trumps:
            rest = remaining & trumps
            while rest:
                top = 1 << (rest.bit_length() - 1)
                if not top & mine:
                    break
                cards |= top
                steps.append(cards)
                rest ^= top
        top_trumps = len(steps)
        ruffers = [
            hand for seat, hand in enumerate(hands) if seat != leader and (hand & trumps).bit_count() > top_trumps
        ]
        for block in layout.suits:
            if block & trumps or not mine & block:
                continue
            rest = remaining & block
            most = rest.bit_count()
            for hand in ruffers:
                most = min(most, (hand & block).bit_count())
            while rest and most:
                top = 1 << (rest.bit_length() - 1)
                if not top & mine:
                    break
                most -= 1
                cards |= top
                steps.append(cards)
                rest ^= top
        if not ruffers and may_lead_trumps:  # no other seat keeps a trump: every trump of ours wins too
            steps.extend([cards] * ((mine & trumps).bit_count() - top_trumps))
        return tuple(steps)
