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
from collections.abc import Sequence

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


class HeuristicBot(ObservingBot[Seen]):
    name = "heuristic"

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._card_ops: dict[str, tuple[str, ...]] = {}
        # By (turns left, gain), by (wheel, sealed): what setting it is worth, less 0.01 a shelf.
        self._set_worths: dict[tuple[int, int], dict[tuple[str, bool], float]] = {}

    def _ops(self, card: CraftCard | Archaffineur) -> tuple[str, ...]:
        """The card's effects' ops, read once per card (a catalog never changes under its bot)."""
        ops = self._card_ops.get(card.id)
        if ops is None:
            ops = self._card_ops[card.id] = tuple(effect.op for effect in card.effects)
        return ops

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
        # The best free action and the best turn-spending one, each with its ties in legal order
        # (what ``_best`` would find in the two lists, without making them).
        free_top = spend_top = -math.inf
        free_ties: list[Action] = []
        spend_ties: list[Action] = []
        # Setting a wheel is most of a turn's actions (each card on each shelf, sealed or not), and
        # all but the shelf of its worth is the card's, the seal's, the turns' and the gain's: kept
        # by the bot. The same wheel on a higher shelf scores strictly less, so it can be neither
        # the best nor tied with it: only the lowest shelf of each is weighed.
        set_worth = self._set_worths.setdefault((turns, gain), {})
        lowest: dict[tuple[str, bool], int] = {}
        cards = self.catalog.cards
        last_turn = turns - 1 <= 0  # too late to set a wheel: no turn is left to read it
        for action in legal:
            if isinstance(action, SetWheel):
                if last_turn:
                    score = -1.0
                else:
                    key = (action.card, action.sealed)
                    if lowest.get(key, action.shelf) < action.shelf:
                        continue
                    lowest[key] = action.shelf
                    worth = set_worth.get(key)
                    if worth is None:
                        worth = set_worth[key] = self._set_worth(
                            self.catalog.wheel(key[0]), key[1], turns, gain
                        )
                    score = worth - 0.01 * action.shelf
                is_free = False
            elif isinstance(action, PlayCraft):
                craft = cards[action.card]
                assert isinstance(craft, CraftCard)
                score, is_free = self._craft_worth(craft, action.shelf, me, rival, turns, gain), craft.free
            elif isinstance(action, Read):
                score, is_free = self._read_worth(me.shelves[action.shelf - 1], me, turns, gain), False
            elif isinstance(action, Invoke):
                score, is_free = self._leader_worth(action, me, rival, turns, gain), True
            else:
                score, is_free = 0.0, False  # Wait
            if is_free:
                if score > free_top:
                    free_top, free_ties = score, [action]
                elif score == free_top:
                    free_ties.append(action)
            elif score > spend_top:
                spend_top, spend_ties = score, [action]
            elif score == spend_top:
                spend_ties.append(action)
        if free_ties:
            best_free = free_ties[rng.randrange(len(free_ties))]
            if free_top >= FREE_WORTH:
                return best_free
        assert spend_ties, "Wait is always legal in play"
        return spend_ties[rng.randrange(len(spend_ties))]

    # ------------------------------------------------------------------ setup

    def _setup_choice(self, hand: Sequence[str], legal: Sequence[Action], rng: random.Random) -> Action:
        scored: list[tuple[float, Action]] = []
        wheels = sum(1 for card in hand if self.catalog.cards[card].kind == "wheel")
        for action in legal:
            if isinstance(action, ChooseArchaffineur):
                # No favourite: every Archaffineur gets played, so simulations measure them all.
                scored.append((1.0, action))
            elif isinstance(action, Keep):
                scored.append((0.5, action))
            elif isinstance(action, Swap):
                card = self.catalog.cards[action.card]
                # Too few wheels: trade a craft for a chance at one.
                worth = (3 - wheels) if wheels < 3 and card.kind == "craft" else -1.0
                scored.append((worth, action))
            else:
                scored.append((0.0, action))
        best = _best(scored, rng)
        assert best is not None
        return best[1]

    # ------------------------------------------------------------------ play

    def _read_worth(self, wheel: Shelf, me: Side, turns: int, gain: int) -> float:
        if wheel.soured:
            # Clearing a soured wheel only helps if a wheel waits in hand and time remains.
            has_wheel = any(self.catalog.cards[card].kind == "wheel" for card in me.hand)
            return 1.0 if has_wheel and turns >= 3 else -0.5
        now = wheel.payout
        later = self._best_later(wheel.value, wheel.peak, wheel.age, turns - 1, gain)
        return now - max(0, later - now)

    @staticmethod
    def _best_later(value: int, peak: int, age: int, turns_after: int, gain: int) -> int:
        """The most a later Read could pay, if it waits (ignoring souring within the window)."""
        if turns_after <= 0:
            return 0
        return read_payout(value, peak, age + gain * turns_after)

    @staticmethod
    def _set_worth(card: WheelCard, sealed: bool, turns: int, gain: int) -> float:
        """Setting ``card`` with a turn left to read it, less 0.01 a shelf (the caller's)."""
        turns_after = turns - 1
        # Read at the j-th turn from now, the wheel is j endings old (chill only delays it).
        expected = read_payout(card.value, card.peak, min(card.peak, max(gain, 1) * turns_after))
        seal_bonus = 0.1 if card.hold // 2 >= 1 else -0.1
        return 0.6 * expected + (seal_bonus if sealed else 0.0)

    def _craft_worth(
        self, card: CraftCard, shelf: int, me: Side, rival: Side, turns: int, gain: int
    ) -> float:
        mine = me.shelves
        theirs = rival.shelves
        ops = self._ops(card)
        if card.target.on_rival:
            wheel = theirs[shelf - 1]
            known = wheel.value if wheel.seen else 6  # a sealed wheel: guess a middling one
            if "sour" in ops or "remove" in ops:
                return 0.7 * known
            if "unseal" in ops:
                holds_removal = any(card_id in ("the-souring", "purging-rind") for card_id in me.hand)
                return 2.0 if wheel.sealed and holds_removal else 0.5
            return 0.5 * min(known, 3)
        if shelf:
            wheel = mine[shelf - 1]
            if "restore" in ops:
                return 0.7 * wheel.value if wheel.soured else 0.4 * (wheel.value - wheel.payout)
            if "return" in ops:
                return 2.0 if wheel.soured and turns >= wheel.peak + 2 else -1.0
            if "ripen" in ops:
                return 0.8 * (wheel.value - wheel.payout)
            if "hold" in ops:
                return 3.0 if wheel.age + gain > wheel.full_until else 0.5
            return 2.0 if turns > 1 else 0.5
        if "read-best" in ops:
            count = next(effect.count for effect in card.effects if effect.op == "read-best")
            best = sorted((w.payout for w in mine if not w.empty and w.payout > 0), reverse=True)
            full = [w.payout for w in mine if not w.empty and w.payout and w.payout == w.value]
            if card.free:
                return max(full) if full else (best[0] if best and turns <= 1 else 0.0)
            return sum(best[:count]) - (1.0 if count > 1 else 0.0)
        if "age" in ops:
            return 0.8 * sum(
                self._age_gain(w, 1 + gain) - self._age_gain(w, gain) for w in mine if not w.empty
            )
        if "damp" in ops or "chill" in ops:
            return self._condition_worth(card, mine, theirs, gain)
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

    def _leader_worth(self, action: Invoke, me: Side, rival: Side, turns: int, gain: int) -> float:
        mine = [w for w in me.shelves if not w.empty]
        late = turns <= 2
        leader = self.catalog.cards[action.archaffineur]
        assert isinstance(leader, Archaffineur)
        ops = self._ops(leader)
        if "read-best" in ops:
            best = sorted((w.payout for w in mine), reverse=True)[:2]
            return sum(best) - (0 if late else 10)
        if "restore" in ops:
            gained = sum(w.value - (0 if w.soured else w.payout) for w in mine)
            return gained - (0 if late else 8)
        if "sour" in ops:
            wheel = rival.shelves[action.shelf - 1]
            return (wheel.value if wheel.seen else 6) - (0 if late else 5)
        if "value" in ops:
            return 2.0 * sum(1 for w in mine if not w.soured) - (0 if late else 4)
        if "hold" in ops:
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


def _best(scored: Sequence[tuple[float, Action]], rng: random.Random) -> tuple[float, Action] | None:
    if not scored:
        return None
    top = max(score for score, _ in scored)
    ties = [entry for entry in scored if entry[0] == top]
    return ties[rng.randrange(len(ties))]


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
