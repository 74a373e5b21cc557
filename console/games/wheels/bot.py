"""A rule-of-thumb player for Wheels of War that reads only its own view and the public catalog.

Each legal action gets a score in Renown-like points. A free action worth at least
``FREE_WORTH`` is taken first (it costs no turn); otherwise the best turn-spending action is
played. Wheels are read at full value, or when they can no longer ripen in the turns left; hostile
crafts go to the rival's best open wheel; a wheel is sealed when half its hold still leaves a
window, so the rival's Souring and Rind have less to bite.
"""

from __future__ import annotations

import math
import random
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
from console.games.wheels.observe import Seen, Shelf, Side, from_view, observe
from console.games.wheels.rules.cellar import read_payout
from console.games.wheels.state import WheelsState

FREE_WORTH = 1.5
_NEVER = -math.inf  # below every score


# What the bot keeps of each legal action it has met (``_facts``), by kind: the engine hands out
# the same interned action values game after game, so what an action is (its kind, card, shelf,
# whether it is free) is worked out once, and a decision only looks it up.
_SET, _READ, _CRAFT, _INVOKE, _OTHER = range(5)
# What a craft does, in the order ``_craft_worth`` asks (the first of its ops that matches): on a
# rival's wheel, on one of its own, or on none.
(
    _RIVAL_SOUR,
    _RIVAL_UNSEAL,
    _RIVAL_OTHER,
    _OWN_RESTORE,
    _OWN_RETURN,
    _OWN_RIPEN,
    _OWN_HOLD,
    _OWN_OTHER,
    _READ_BEST,
    _AGE,
    _CONDITION,
    _NOTHING,
) = range(12)


# What an Archaffineur's power does, in the order ``_leader_worth`` asks.
_LEAD_READ_BEST, _LEAD_RESTORE, _LEAD_SOUR, _LEAD_VALUE, _LEAD_HOLD, _LEAD_NOTHING = range(6)


def _leader_kind(leader: Archaffineur) -> int:
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


def _craft_kind(card: CraftCard, shelf: int) -> int:
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
        # id(action) -> (action, kind, ...). The action is kept in its entry, so it outlives the
        # entry and its id can never be another object's.
        self._facts: dict[int, tuple[Any, ...]] = {}
        # By turns left * 3 + gain: id(action) -> score, for the actions whose score is the turns'
        # and the gain's alone (setting a wheel, waiting), none of them free.
        self._fixed: dict[int, dict[int, float]] = {}

    def _learn(self, action: Action) -> tuple[Any, ...]:
        """What a decision needs of ``action`` beyond the observation, kept for the next time."""
        facts: tuple[Any, ...]
        if isinstance(action, SetWheel):
            facts = (action, _SET, self.catalog.wheel(action.card), action.sealed, action.shelf)
        elif isinstance(action, Read):
            facts = (action, _READ, action.shelf - 1)
        elif isinstance(action, PlayCraft):
            craft = self.catalog.cards[action.card]
            assert isinstance(craft, CraftCard)
            kind = _craft_kind(craft, action.shelf)
            count = next((effect.count for effect in craft.effects if effect.op == "read-best"), 0)
            facts = (action, _CRAFT, kind, craft, action.shelf, craft.free, count)
        elif isinstance(action, Invoke):
            leader = self.catalog.cards[action.archaffineur]
            assert isinstance(leader, Archaffineur)
            facts = (action, _INVOKE, _leader_kind(leader), action.shelf)
        else:
            facts = (action, _OTHER)  # Wait
        self._facts[id(action)] = facts
        return facts

    def observe(self, state: State, seat: Seat) -> Seen:
        assert isinstance(state, WheelsState)
        return observe(state, seat)

    def from_view(self, view: JSON) -> Seen:
        return from_view(view)

    def choose_seen(self, seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
        if seen.phase != "play":
            return self._setup_choice(seen.me.hand, legal, rng)
        me, rival = seen.me, seen.rival
        turns = me.turns_left
        gain = 0 if me.chill else 2 if me.damp else 1
        # Setting a wheel is most of a turn's actions (each card on each shelf, sealed or not), and
        # its worth is the card's, the seal's, the shelf's, the turns' and the gain's, as waiting's
        # is nothing: those scores are looked up, all in one pass that runs in C (``map``). What
        # is left to weigh (None) is the few reads, crafts and powers, weighed here without a call
        # where the sum is short: a decision's time is mostly Python's calls.
        fixed = self._fixed.get(turns * 3 + gain)  # gain is 0, 1 or 2
        if fixed is None:
            fixed = self._fixed[turns * 3 + gain] = {}
        scores: list[Any] = list(map(fixed.get, map(id, legal)))
        # The best free action with its ties in legal order, then the best turn-spending one.
        free_top = _NEVER
        free_ties: list[Action] = []
        facts_of = self._facts.get
        mine, theirs = me.shelves, rival.shelves
        turns_after = turns - 1
        left = scores.count(None)
        index = -1
        while left:
            left -= 1
            index = scores.index(None, index + 1)
            action = legal[index]
            facts = facts_of(id(action)) or self._learn(action)
            kind = facts[1]
            if kind == _READ:
                wheel = mine[facts[2]]
                if wheel.soured:
                    # Clearing a soured wheel only helps if a wheel waits in hand and time remains.
                    has_wheel = any(self.catalog.cards[card].kind == "wheel" for card in me.hand)
                    scores[index] = 1.0 if has_wheel and turns >= 3 else -0.5
                    continue
                # What it pays now, less what waiting could add: the most a later Read could pay
                # (``read_payout``; souring within the window ignored)
                now, value, peak = wheel.payout, wheel.value, wheel.peak
                if turns_after > 0:
                    age = wheel.age + gain * turns_after
                    later = value if age >= peak else read_payout(value, peak, age)
                    scores[index] = now - (later - now) if later > now else now
                else:
                    scores[index] = now
                continue
            if kind == _CRAFT:
                craft = facts[2]
                if craft <= _RIVAL_OTHER:
                    wheel = theirs[facts[4] - 1]
                    known = wheel.value if wheel.seen else 6  # a sealed wheel: guess a middling one
                    if craft == _RIVAL_SOUR:
                        score = 0.7 * known
                    elif craft == _RIVAL_UNSEAL:
                        holds_removal = any(card in ("the-souring", "purging-rind") for card in me.hand)
                        score = 2.0 if wheel.sealed and holds_removal else 0.5
                    else:
                        score = 0.5 * (known if known < 3 else 3)
                elif craft <= _OWN_OTHER:
                    wheel = mine[facts[4] - 1]
                    if craft == _OWN_RESTORE:
                        score = 0.7 * wheel.value if wheel.soured else 0.4 * (wheel.value - wheel.payout)
                    elif craft == _OWN_RETURN:
                        score = 2.0 if wheel.soured and turns >= wheel.peak + 2 else -1.0
                    elif craft == _OWN_RIPEN:
                        score = 0.8 * (wheel.value - wheel.payout)
                    elif craft == _OWN_HOLD:
                        score = 3.0 if wheel.age + gain > wheel.full_until else 0.5
                    else:
                        score = 2.0 if turns > 1 else 0.5
                else:
                    score = self._craft_worth(craft, facts[3], facts[6], me, rival, turns, gain)
                if not facts[5]:
                    scores[index] = score
                    continue
            elif kind == _INVOKE:
                score = self._leader_worth(facts[2], facts[3], me, rival, turns, gain)
            else:
                scores[index] = fixed[id(action)] = self._fixed_worth(facts, turns, gain)
                continue
            scores[index] = _NEVER  # a free action, not one that spends the turn
            if score > free_top:
                free_top, free_ties = score, [action]
            elif score == free_top:
                free_ties.append(action)
        if free_ties:
            best_free = free_ties[rng.randrange(len(free_ties))]
            if free_top >= FREE_WORTH:
                return best_free
        spend_top = max(scores)
        assert spend_top > _NEVER, "Wait is always legal in play"
        # The ties, in legal order, found by the list's own (C) scans: mostly there is one, and
        # the pick still takes its turn of the RNG.
        ties = scores.count(spend_top)
        pick = rng.randrange(ties)
        index = scores.index(spend_top)
        while pick:
            pick -= 1
            index = scores.index(spend_top, index + 1)
        return legal[index]

    def _fixed_worth(self, facts: tuple[Any, ...], turns: int, gain: int) -> float:
        """A score of the turns' and the gain's alone: setting a wheel, or waiting."""
        if facts[1] != _SET:
            return 0.0  # Wait
        if turns - 1 <= 0:
            return -1.0  # too late to set a wheel: no turn is left to read it
        return self._set_worth(facts[2], facts[3], turns, gain) - 0.01 * facts[4]

    # ------------------------------------------------------------------ setup

    def _setup_choice(self, hand: Mapping[str, int], legal: Sequence[Action], rng: random.Random) -> Action:
        cards = self.catalog.cards
        wheels = 0
        for card, copies in hand.items():
            if cards[card].kind == "wheel":
                wheels += copies
        # Too few wheels: trade a craft for a chance at one.
        craft_swap = (3 - wheels) if wheels < 3 else -1.0
        scores: list[float] = []
        for action in legal:
            if isinstance(action, ChooseArchaffineur):
                # No favourite: every Archaffineur gets played, so simulations measure them all.
                scores.append(1.0)
            elif isinstance(action, Keep):
                scores.append(0.5)
            elif isinstance(action, Swap):
                scores.append(craft_swap if cards[action.card].kind == "craft" else -1.0)
            else:
                scores.append(0.0)
        top = max(scores)
        ties = [action for action, score in zip(legal, scores, strict=True) if score == top]
        return ties[rng.randrange(len(ties))]

    # ------------------------------------------------------------------ play

    @staticmethod
    def _set_worth(card: WheelCard, sealed: bool, turns: int, gain: int) -> float:
        """Setting ``card`` with a turn left to read it, less 0.01 a shelf (the caller's)."""
        turns_after = turns - 1
        # Read at the j-th turn from now, the wheel is j endings old (chill only delays it).
        expected = read_payout(card.value, card.peak, min(card.peak, max(gain, 1) * turns_after))
        seal_bonus = 0.1 if card.hold // 2 >= 1 else -0.1
        return 0.6 * expected + (seal_bonus if sealed else 0.0)

    def _craft_worth(
        self, kind: int, card: CraftCard, count: int, me: Side, rival: Side, turns: int, gain: int
    ) -> float:
        """What playing ``card``, a craft that chooses no wheel (``kind``, see ``_craft_kind``; a
        read-best's ``count``), is worth; a craft on a wheel is weighed in ``choose_seen``."""
        mine = me.shelves
        if kind == _READ_BEST:
            best = sorted((w.payout for w in mine if not w.empty and w.payout > 0), reverse=True)
            full = [w.payout for w in mine if not w.empty and w.payout and w.payout == w.value]
            if card.free:
                return max(full) if full else (best[0] if best and turns <= 1 else 0.0)
            return sum(best[:count]) - (1.0 if count > 1 else 0.0)
        if kind == _AGE:
            return 0.8 * sum(
                self._age_gain(w, 1 + gain) - self._age_gain(w, gain) for w in mine if not w.empty
            )
        if kind == _CONDITION:
            return self._condition_worth(card, mine, rival.shelves, gain)
        return 0.0

    @staticmethod
    def _age_gain(wheel: Shelf, ages: int) -> float:
        if wheel.soured:
            return 0.0
        age = wheel.age + ages
        return 0.0 if age > wheel.full_until else read_payout(wheel.value, wheel.peak, age)

    @staticmethod
    def _condition_worth(card: CraftCard, mine: Sequence[Shelf], theirs: Sequence[Shelf], gain: int) -> float:
        effect = card.effects[0]
        if effect.who == "rival":
            occupied = sum(1 for w in theirs if not w.empty)
            return 0.5 * occupied
        if effect.op == "chill":
            at_edge = [w for w in mine if not w.empty and not w.soured and w.age + gain > w.full_until]
            return 2.0 if at_edge else 0.0
        return 0.5 * sum(1 for w in mine if not w.empty and w.age < w.peak)

    def _leader_worth(self, kind: int, shelf: int, me: Side, rival: Side, turns: int, gain: int) -> float:
        """What invoking the seat's Archaffineur (its power's ``kind``, see ``_leader_kind``) on
        ``shelf`` (0 for none) is worth."""
        mine = [w for w in me.shelves if not w.empty]
        late = turns <= 2
        if kind == _LEAD_READ_BEST:
            best = sorted((w.payout for w in mine), reverse=True)[:2]
            return sum(best) - (0 if late else 10)
        if kind == _LEAD_RESTORE:
            gained = sum(w.value - (0 if w.soured else w.payout) for w in mine)
            return gained - (0 if late else 8)
        if kind == _LEAD_SOUR:
            wheel = rival.shelves[shelf - 1]
            return (wheel.value if wheel.seen else 6) - (0 if late else 5)
        if kind == _LEAD_VALUE:
            return 2.0 * sum(1 for w in mine if not w.soured) - (0 if late else 4)
        if kind == _LEAD_HOLD:
            return self._hoarfrost_worth(mine, turns, gain)
        return 0.0

    @staticmethod
    def _hoarfrost_worth(mine: Sequence[Shelf], turns: int, gain: int) -> float:
        """+2 hold on every unsoured wheel and a chilled ending: worth the full value of each wheel
        that would sour before it can be read (one Read per turn, the ripest first), less a small
        price for spending the once-a-match power; in the last turns, anything it saves."""
        open_wheels = sorted((w for w in mine if not w.soured), key=lambda w: w.full_until - w.age)
        saved = 0.0
        for order, wheel in enumerate(open_wheels):
            # The wheel is read ``order`` turns from now at the soonest; it sours past full_until.
            if wheel.age + gain * (order + 1) > wheel.full_until:
                saved += wheel.value if wheel.age >= wheel.peak else 0.5 * wheel.value
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
