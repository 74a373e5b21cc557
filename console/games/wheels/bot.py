"""A rule-of-thumb player for Wheels of War that reads only its own view and the public catalog.

Each legal action gets a score in Renown-like points. A free action worth at least
``FREE_WORTH`` is taken first (it costs no turn); otherwise the best turn-spending action is
played. Wheels are read at full value, or when they can no longer ripen in the turns left; hostile
crafts go to the rival's best open wheel; a wheel is sealed when half its hold still leaves a
window, so the rival's Souring and Rind have less to bite.

The lab asks it for some thirty decisions a game, so a decision is written for CPython's costs,
where a call (a method, a builtin, a comprehension) costs several times a line of arithmetic:
what an action is, and what a setting or waiting scores, is looked up, and the rest is weighed
inline over the three shelves.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from console.games.core import JSON, Action, Seat, State
from console.games.observe import ObservingBot
from console.games.wheels.actions import (
    ChooseArchaffineur,
    Invoke,
    Keep,
    PlayCraft,
    Read,
    SetWheel,
    Swap,
)
from console.games.wheels.catalog import Archaffineur, Catalog, CraftCard, WheelCard
from console.games.wheels.observe import (
    AGE,
    FULL_UNTIL,
    IS_EMPTY,
    PAYOUT,
    SOURED,
    Seen,
    Shelf,
    from_view,
    observe,
)
from console.games.wheels.rules.cellar import read_payout
from console.games.wheels.state import WheelsState

FREE_WORTH = 1.5
_NEVER = -math.inf  # below every score


# What the bot keeps of each legal action it has met (``_facts``): the engine hands out the same
# interned action values game after game, so what an action is (its kind, card, shelf, whether it
# is free) is worked out once. Setting a wheel and waiting score by the turns left and the gain
# alone; everything else is weighed by its op, in the order ``choose_seen`` asks:
(
    _READ,
    # a craft on a rival's wheel (the first of its ops that matches, as below)
    _RIVAL_SOUR,
    _RIVAL_UNSEAL,
    _RIVAL_OTHER,
    # a craft on one of the seat's own wheels
    _OWN_RESTORE,
    _OWN_RETURN,
    _OWN_RIPEN,
    _OWN_HOLD,
    _OWN_OTHER,
    # a craft that chooses no wheel
    _READ_BEST,
    _AGE,
    _CONDITION,
    _NOTHING,
    # the seat's Archaffineur, by what its power does
    _LEAD_READ_BEST,
    _LEAD_RESTORE,
    _LEAD_SOUR,
    _LEAD_VALUE,
    _LEAD_HOLD,
    _LEAD_NOTHING,
    # scored by the turns and the gain alone
    _SET,
    _WAIT,
) = range(21)

# What a craft that damps or chills does (``_CONDITION``; its first effect says): the rival's
# ending, the seat's own ending chilled, or its own damped.
_ON_RIVAL, _CHILL, _ON_OWN = range(3)
# The rival crafts an unsealed wheel lays open to.
_REMOVALS = frozenset(("the-souring", "purging-rind"))
# A swap of a craft in the opening: its score is the hand's (how many wheels it holds).
_SWAP_CRAFT = object()


# ``Random.randrange(n)`` for n > 0 is ``_randbelow(n)``: for the stdlib's own generator,
# ``getrandbits(n.bit_length())`` drawn until it is below n. ``_below`` draws the same, two Python
# calls fewer; any other generator (a subclass may draw otherwise) is asked for randrange itself.
_BITS_BELOW = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", False
)


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same number, from the same draws of its stream."""
    if type(rng) is not random.Random or not _BITS_BELOW:
        return rng.randrange(n)
    getrandbits = rng.getrandbits
    bits = n.bit_length()
    pick = getrandbits(bits)
    while pick >= n:
        pick = getrandbits(bits)
    return pick


def _leader_op(leader: Archaffineur) -> int:
    ops = {effect.op for effect in leader.effects}
    for op, kind in (
        ("read-best", _LEAD_READ_BEST),
        ("restore", _LEAD_RESTORE),
        ("sour", _LEAD_SOUR),
        ("value", _LEAD_VALUE),
        ("hold", _LEAD_HOLD),
    ):
        if op in ops:
            return kind
    return _LEAD_NOTHING


def _craft_op(card: CraftCard, shelf: int) -> int:
    ops = {effect.op for effect in card.effects}
    if card.target.on_rival:
        if "sour" in ops or "remove" in ops:
            return _RIVAL_SOUR
        return _RIVAL_UNSEAL if "unseal" in ops else _RIVAL_OTHER
    if shelf:
        for op, kind in (("restore", _OWN_RESTORE), ("return", _OWN_RETURN), ("ripen", _OWN_RIPEN)):
            if op in ops:
                return kind
        return _OWN_HOLD if "hold" in ops else _OWN_OTHER
    if "read-best" in ops:
        return _READ_BEST
    if "age" in ops:
        return _AGE
    return _CONDITION if "damp" in ops or "chill" in ops else _NOTHING


class HeuristicBot(ObservingBot[Seen]):
    name = "heuristic"

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        # id(action) -> (action, op, ...), see ``_learn``. The action is kept in its entry, so it
        # outlives the entry and its id can never be another object's.
        self._facts: dict[int, tuple[Any, ...]] = {}
        # By turns left * 3 + gain: id(action) -> its score (a float) when the turns and the gain
        # are all it depends on (setting a wheel, waiting; none of them free), else its facts.
        self._tables: defaultdict[int, dict[int, Any]] = defaultdict(dict)
        # The opening's actions by id: a score, or _SWAP_CRAFT (the hand decides); kept alive in
        # the list, so an id is never another object's.
        self._setup_scores: dict[int, Any] = {}
        self._setup_actions: list[Action] = []
        # Which cards are wheels: a hand holds one if the set is not disjoint from it (in C).
        self._wheel_ids = frozenset(card.id for card in catalog.cards.values() if card.kind == "wheel")

    def _learn(self, action: Action) -> tuple[Any, ...]:
        """What a decision needs of ``action`` beyond the observation, kept for the next time:
        (action, op, a shelf's index (-1 for none) or a read-best's count or a condition's kind,
        whether it is free); for a setting (action, _SET, card, sealed, shelf)."""
        facts: tuple[Any, ...]
        if isinstance(action, SetWheel):
            facts = (action, _SET, self.catalog.wheel(action.card), action.sealed, action.shelf)
        elif isinstance(action, Read):
            facts = (action, _READ, action.shelf - 1, False)
        elif isinstance(action, PlayCraft):
            craft = self.catalog.cards[action.card]
            assert isinstance(craft, CraftCard)
            op = _craft_op(craft, action.shelf)
            detail = action.shelf - 1
            if op == _READ_BEST:
                detail = next(effect.count for effect in craft.effects if effect.op == "read-best")
            elif op == _CONDITION:
                # a damping or chilling craft's first effect says whose ending it is, and which
                effect = craft.effects[0]
                detail = _ON_RIVAL if effect.who == "rival" else _CHILL if effect.op == "chill" else _ON_OWN
            facts = (action, op, detail, craft.free)
        elif isinstance(action, Invoke):
            leader = self.catalog.cards[action.archaffineur]
            assert isinstance(leader, Archaffineur)
            facts = (action, _leader_op(leader), action.shelf - 1, True)
        else:
            facts = (action, _WAIT)
        self._facts[id(action)] = facts
        return facts

    def _enter(self, table: dict[int, Any], action: Action, turns: int, gain: int) -> Any:
        """``action``'s entry in the table of ``turns`` and ``gain``: its score or its facts."""
        facts = self._facts.get(id(action)) or self._learn(action)
        entry: Any = facts
        if facts[1] == _WAIT:
            entry = 0.0
        elif facts[1] == _SET:
            if turns - 1 <= 0:
                entry = -1.0  # too late to set a wheel: no turn is left to read it
            else:
                entry = self._set_worth(facts[2], facts[3], turns, gain) - 0.01 * facts[4]
        table[id(action)] = entry
        return entry

    def observe(self, state: State, seat: Seat) -> Seen:
        assert isinstance(state, WheelsState)
        return observe(state, seat)

    def from_view(self, view: JSON) -> Seen:
        return from_view(view)

    def choose_seen(self, seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
        phase, turns, damp, chill, mine, hand, theirs = seen
        if phase != "play":
            return self._setup_choice(hand, legal, rng)
        gain = 0 if chill else 2 if damp else 1
        table = self._tables[turns * 3 + gain]  # gain is 0, 1 or 2
        turns_after = turns - 1
        # One pass in legal order keeps the best free action and the best turn-spending one with
        # their ties, as they come. Most actions (a setting, waiting) are a float in the table;
        # the others are weighed here, a shelf read by unpacking it (see observe.py).
        top = free_top = _NEVER
        ties: list[Action] = []
        free_ties: list[Action] = []
        for action in legal:
            try:
                score = table[id(action)]
            except KeyError:
                score = self._enter(table, action, turns, gain)
            if type(score) is not float:
                entry = score
                op = entry[1]
                if op == _READ:
                    _, _, soured, age, _, value, peak, _, now = mine[entry[2]]
                    if soured:
                        # Clearing a soured wheel only helps if a wheel waits in hand and time remains.
                        has_wheel = not self._wheel_ids.isdisjoint(hand)
                        score = 1.0 if has_wheel and turns >= 3 else -0.5
                    elif turns_after > 0:
                        # What it pays now, less what waiting could add: the most a later Read
                        # could pay (``read_payout``, inline; souring within the window ignored)
                        age += gain * turns_after
                        later = value if age >= peak else -(-value * age // peak)
                        score = now - (later - now) if later > now else now
                    else:
                        score = now
                elif op >= _LEAD_READ_BEST:  # the Archaffineur's power: always free
                    late = turns <= 2
                    if op == _LEAD_READ_BEST:
                        # the two best pays (an empty shelf's 0 adds nothing)
                        a, b, c = mine[0][PAYOUT], mine[1][PAYOUT], mine[2][PAYOUT]
                        score = a + b + c - (a if a <= b and a <= c else b if b <= c else c)
                        score -= 0 if late else 10
                    elif op == _LEAD_RESTORE:
                        score = 0
                        for _, _, soured, _, _, value, _, _, pay in mine:  # an empty shelf's are 0
                            score += value - (0 if soured else pay)
                        score -= 0 if late else 8
                    elif op == _LEAD_SOUR:
                        _, _, _, _, seen_whole, value, _, _, _ = theirs[entry[2]]
                        score = (value if seen_whole else 6) - (0 if late else 5)
                    elif op == _LEAD_VALUE:
                        fresh = 0
                        for empty, _, soured, _, _, _, _, _, _ in mine:
                            if not empty and not soured:
                                fresh += 1
                        score = 2.0 * fresh - (0 if late else 4)
                    elif op == _LEAD_HOLD:
                        score = self._hoarfrost_worth(
                            [shelf for shelf in mine if not shelf[IS_EMPTY]], turns, gain
                        )
                    else:
                        score = 0.0
                    if score > free_top:
                        free_top, free_ties = score, [action]
                    elif score == free_top:
                        free_ties.append(action)
                    continue
                elif op >= _READ_BEST:  # a craft that chooses no wheel
                    if op == _CONDITION:
                        condition = entry[2]
                        if condition == _ON_RIVAL:
                            score = 0.5 * (
                                (not theirs[0][IS_EMPTY])
                                + (not theirs[1][IS_EMPTY])
                                + (not theirs[2][IS_EMPTY])
                            )
                        elif condition == _CHILL:
                            score = 0.0
                            for empty, _, soured, age, _, _, _, full_until, _ in mine:
                                if not empty and not soured and age + gain > full_until:
                                    score = 2.0
                                    break
                        else:
                            unripe = 0
                            for empty, _, _, age, _, _, peak, _, _ in mine:
                                if not empty and age < peak:
                                    unripe += 1
                            score = 0.5 * unripe
                    elif op == _READ_BEST:
                        a, b, c = mine[0][PAYOUT], mine[1][PAYOUT], mine[2][PAYOUT]  # 0 on an empty shelf
                        if entry[3]:  # free: the fullest wheel, or in the last turn the best
                            score = 0
                            for _, _, _, _, _, value, _, _, pay in mine:
                                if pay > score and pay == value:
                                    score = pay
                            if not score:
                                best = a if a >= b and a >= c else b if b >= c else c
                                score = best if best > 0 and turns <= 1 else 0.0
                        else:
                            # the ``count`` best pays, less a point for reading more than one
                            count = entry[2]
                            if count >= 3:
                                score = a + b + c
                            elif count == 2:
                                score = a + b + c - (a if a <= b and a <= c else b if b <= c else c)
                            elif count == 1:
                                score = a if a >= b and a >= c else b if b >= c else c
                            else:
                                score = 0
                            score -= 1.0 if count > 1 else 0.0
                    elif op == _AGE:
                        # What a turn's more age adds to each wheel: its pay at gain + 1 endings
                        # on less its pay at gain (0 once it sours, as a soured wheel's always)
                        score = 0.0
                        for empty, _, soured, age, _, value, peak, last, _ in mine:  # last: full_until
                            if empty or soured:
                                continue
                            age += gain
                            paid = 0.0 if age > last else value if age >= peak else -(-value * age // peak)
                            age += 1
                            if age > last:
                                score += 0.0 - paid
                            else:
                                score += (value if age >= peak else -(-value * age // peak)) - paid
                        score = 0.8 * score
                    else:
                        score = 0.0
                    if entry[3]:
                        if score > free_top:
                            free_top, free_ties = score, [action]
                        elif score == free_top:
                            free_ties.append(action)
                        continue
                elif op <= _RIVAL_OTHER:
                    _, sealed, _, _, seen_whole, value, _, _, _ = theirs[entry[2]]
                    if not seen_whole:
                        value = 6  # a sealed wheel: guess a middling one
                    if op == _RIVAL_SOUR:
                        score = 0.7 * value
                    elif op == _RIVAL_UNSEAL:
                        holds_removal = not _REMOVALS.isdisjoint(hand)
                        score = 2.0 if sealed and holds_removal else 0.5
                    else:
                        score = 0.5 * (value if value < 3 else 3)
                    if entry[3]:
                        if score > free_top:
                            free_top, free_ties = score, [action]
                        elif score == free_top:
                            free_ties.append(action)
                        continue
                else:
                    _, _, soured, age, _, value, peak, full_until, pay = mine[entry[2]]
                    if op == _OWN_RESTORE:
                        score = 0.7 * value if soured else 0.4 * (value - pay)
                    elif op == _OWN_RETURN:
                        score = 2.0 if soured and turns >= peak + 2 else -1.0
                    elif op == _OWN_RIPEN:
                        score = 0.8 * (value - pay)
                    elif op == _OWN_HOLD:
                        score = 3.0 if age + gain > full_until else 0.5
                    else:
                        score = 2.0 if turns > 1 else 0.5
                    if entry[3]:
                        if score > free_top:
                            free_top, free_ties = score, [action]
                        elif score == free_top:
                            free_ties.append(action)
                        continue
            if score > top:
                top, ties = score, [action]
            elif score == top:
                ties.append(action)
        if free_ties:
            best_free = free_ties[_below(rng, len(free_ties))]
            if free_top >= FREE_WORTH:
                return best_free
        assert top > _NEVER, "Wait is always legal in play"
        # Every decision ends here: the pick takes its turn of the RNG (``_below``, written out).
        count = len(ties)
        if type(rng) is random.Random and _BITS_BELOW:
            getrandbits = rng.getrandbits
            bits = count.bit_length()
            pick = getrandbits(bits)
            while pick >= count:
                pick = getrandbits(bits)
        else:
            pick = rng.randrange(count)
        return ties[pick]

    # ------------------------------------------------------------------ setup

    def _setup_choice(self, hand: Mapping[str, int], legal: Sequence[Action], rng: random.Random) -> Action:
        known = self._setup_scores
        top = _NEVER
        ties: list[Action] = []
        swap_worth: float | None = None
        for action in legal:
            try:
                score = known[id(action)]
            except KeyError:
                score = known[id(action)] = self._setup_score(action)
            if score is _SWAP_CRAFT:
                if swap_worth is None:
                    wheels = 0
                    for card, copies in hand.items():
                        if card in self._wheel_ids:
                            wheels += copies
                    # Too few wheels: trade a craft for a chance at one.
                    swap_worth = (3 - wheels) if wheels < 3 else -1.0
                score = swap_worth
            if score > top:
                top, ties = score, [action]
            elif score == top:
                ties.append(action)
        return ties[_below(rng, len(ties))]

    def _setup_score(self, action: Action) -> Any:
        """An opening action's score, or ``_SWAP_CRAFT`` for a craft's swap (the hand's to say);
        the action is kept with its score, so its id stays its own."""
        self._setup_actions.append(action)
        if isinstance(action, ChooseArchaffineur):
            # No favourite: every Archaffineur gets played, so simulations measure them all.
            return 1.0
        if isinstance(action, Keep):
            return 0.5
        if isinstance(action, Swap):
            return _SWAP_CRAFT if self.catalog.cards[action.card].kind == "craft" else -1.0
        return 0.0

    # ------------------------------------------------------------------ play

    @staticmethod
    def _set_worth(card: WheelCard, sealed: bool, turns: int, gain: int) -> float:
        """Setting ``card`` with a turn left to read it, less 0.01 a shelf (the caller's)."""
        turns_after = turns - 1
        # Read at the j-th turn from now, the wheel is j endings old (chill only delays it).
        expected = read_payout(card.value, card.peak, min(card.peak, max(gain, 1) * turns_after))
        seal_bonus = 0.1 if card.hold // 2 >= 1 else -0.1
        return 0.6 * expected + (seal_bonus if sealed else 0.0)

    @staticmethod
    def _hoarfrost_worth(mine: Sequence[Shelf], turns: int, gain: int) -> float:
        """+2 hold on every unsoured wheel and a chilled ending: worth the full value of each wheel
        that would sour before it can be read (one Read per turn, the ripest first), less a small
        price for spending the once-a-match power; in the last turns, anything it saves."""
        open_wheels = sorted((w for w in mine if not w[SOURED]), key=lambda w: w[FULL_UNTIL] - w[AGE])
        saved = 0.0
        for order, (_, _, _, age, _, value, peak, full_until, _) in enumerate(open_wheels):
            # The wheel is read ``order`` turns from now at the soonest; it sours past full_until.
            if age + gain * (order + 1) > full_until:
                saved += value if age >= peak else 0.5 * value
        return saved - (0.0 if turns <= 2 else 1.0)


def evaluate(state: State) -> list[float]:
    """For the hard bot's truncated rollouts: Renown banked plus half what the shelves would pay,
    as a logistic of the lead (a lead of 4 Renown is worth about three chances in four)."""
    assert isinstance(state, WheelsState)
    worth = [
        player.banked + 0.5 * sum(wheel.payout() for wheel in player.shelves if wheel is not None)
        for player in state.seats
    ]
    lead = (worth[0] - worth[1]) / 4.0
    first = 1.0 / (1.0 + math.exp(-lead))
    return [first, 1.0 - first]
