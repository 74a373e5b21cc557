"""The Wheels of War normal bot is written for speed (console/games/wheels/bot.py: looked-up scores,
shelves weighed inline, the RNG's draws written out). This holds it to the same rules written
plainly: at every decision of seeded games, with every Archaffineur, it picks what the plain
rules pick and leaves its RNG where they leave theirs."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import pytest

from console.games.core import CHANCE, Action
from console.games.wheels import GAME
from console.games.wheels.actions import ChooseArchaffineur, Invoke, Keep, PlayCraft, Read, SetWheel, Swap
from console.games.wheels.bot import FREE_WORTH, HeuristicBot, _below
from console.games.wheels.catalog import Archaffineur, Catalog, CraftCard
from console.games.wheels.observe import Seen
from console.games.wheels.rules.cellar import read_payout


class Shelf(NamedTuple):
    """observe.py's shelf tuple, by name."""

    empty: bool
    sealed: bool
    soured: bool
    age: int
    seen: bool
    value: int
    peak: int
    full_until: int
    payout: int


class Named(NamedTuple):
    """observe.py's observation tuple, by name."""

    phase: str
    turns_left: int
    damp: int
    chill: int
    shelves: tuple[Shelf, ...]
    hand: Mapping[str, int]
    rival_shelves: tuple[Shelf, ...]


def named(seen: Seen) -> Named:
    phase, turns, damp, chill, shelves, hand, rival = seen
    return Named(
        phase,
        turns,
        damp,
        chill,
        tuple(Shelf(*shelf) for shelf in shelves),
        hand,
        tuple(Shelf(*shelf) for shelf in rival),
    )


def _best(scored: Sequence[tuple[float, Action]], rng: random.Random) -> Action:
    top = max(score for score, _ in scored)
    ties = [action for score, action in scored if score == top]
    return ties[rng.randrange(len(ties))]


def plain_choice(catalog: Catalog, observed: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
    """The bot's rules, one action at a time."""
    seen = named(observed)
    cards = catalog.cards
    if seen.phase != "play":
        wheels = sum(copies for card, copies in seen.hand.items() if cards[card].kind == "wheel")
        scored: list[tuple[float, Action]] = []
        for action in legal:
            if isinstance(action, ChooseArchaffineur):
                scored.append((1.0, action))
            elif isinstance(action, Keep):
                scored.append((0.5, action))
            elif isinstance(action, Swap):
                is_craft = cards[action.card].kind == "craft"
                scored.append(((3 - wheels) if wheels < 3 and is_craft else -1.0, action))
            else:
                scored.append((0.0, action))
        return _best(scored, rng)
    turns = seen.turns_left
    gain = 0 if seen.chill else 2 if seen.damp else 1
    free: list[tuple[float, Action]] = []
    spend: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, SetWheel):
            card = catalog.wheel(action.card)
            if turns - 1 <= 0:
                score = -1.0
            else:
                expected = read_payout(card.value, card.peak, min(card.peak, max(gain, 1) * (turns - 1)))
                bonus = 0.1 if card.hold // 2 >= 1 else -0.1
                score = 0.6 * expected + (bonus if action.sealed else 0.0) - 0.01 * action.shelf
            spend.append((score, action))
        elif isinstance(action, Read):
            spend.append((_read_worth(catalog, seen, seen.shelves[action.shelf - 1], turns, gain), action))
        elif isinstance(action, PlayCraft):
            craft = cards[action.card]
            assert isinstance(craft, CraftCard)
            score = _craft_worth(craft, action.shelf, seen, turns, gain)
            (free if craft.free else spend).append((score, action))
        elif isinstance(action, Invoke):
            leader = cards[action.archaffineur]
            assert isinstance(leader, Archaffineur)
            free.append((_leader_worth(leader, action.shelf, seen, turns, gain), action))
        else:
            spend.append((0.0, action))
    if free:
        best_free = _best(free, rng)
        if max(score for score, _ in free) >= FREE_WORTH:
            return best_free
    return _best(spend, rng)


def _read_worth(catalog: Catalog, seen: Named, wheel: Shelf, turns: int, gain: int) -> float:
    if wheel.soured:
        has_wheel = any(catalog.cards[card].kind == "wheel" for card in seen.hand)
        return 1.0 if has_wheel and turns >= 3 else -0.5
    later = read_payout(wheel.value, wheel.peak, wheel.age + gain * (turns - 1)) if turns > 1 else 0
    return wheel.payout - max(0, later - wheel.payout)


def _pay_after(wheel: Shelf, ages: int) -> float:
    if wheel.soured:
        return 0.0
    age = wheel.age + ages
    return 0.0 if age > wheel.full_until else read_payout(wheel.value, wheel.peak, age)


def _craft_worth(card: CraftCard, shelf: int, seen: Named, turns: int, gain: int) -> float:
    mine, theirs = seen.shelves, seen.rival_shelves
    ops = [effect.op for effect in card.effects]
    if card.target.on_rival:
        wheel = theirs[shelf - 1]
        known = wheel.value if wheel.seen else 6
        if "sour" in ops or "remove" in ops:
            return 0.7 * known
        if "unseal" in ops:
            removal = any(card_id in ("the-souring", "purging-rind") for card_id in seen.hand)
            return 2.0 if wheel.sealed and removal else 0.5
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
        return 0.8 * sum(_pay_after(w, 1 + gain) - _pay_after(w, gain) for w in mine if not w.empty)
    if "damp" in ops or "chill" in ops:
        effect = card.effects[0]
        if effect.who == "rival":
            return 0.5 * sum(1 for w in theirs if not w.empty)
        if effect.op == "chill":
            edge = [w for w in mine if not w.empty and not w.soured and w.age + gain > w.full_until]
            return 2.0 if edge else 0.0
        return 0.5 * sum(1 for w in mine if not w.empty and w.age < w.peak)
    return 0.0


def _leader_worth(leader: Archaffineur, shelf: int, seen: Named, turns: int, gain: int) -> float:
    mine = [w for w in seen.shelves if not w.empty]
    late = turns <= 2
    ops = [effect.op for effect in leader.effects]
    if "read-best" in ops:
        return sum(sorted((w.payout for w in mine), reverse=True)[:2]) - (0 if late else 10)
    if "restore" in ops:
        return sum(w.value - (0 if w.soured else w.payout) for w in mine) - (0 if late else 8)
    if "sour" in ops:
        wheel = seen.rival_shelves[shelf - 1]
        return (wheel.value if wheel.seen else 6) - (0 if late else 5)
    if "value" in ops:
        return 2.0 * sum(1 for w in mine if not w.soured) - (0 if late else 4)
    if "hold" in ops:
        saved = 0.0
        ripest = sorted((w for w in mine if not w.soured), key=lambda w: w.full_until - w.age)
        for order, wheel in enumerate(ripest):
            if wheel.age + gain * (order + 1) > wheel.full_until:
                saved += wheel.value if wheel.age >= wheel.peak else 0.5 * wheel.value
        return saved - (0.0 if turns <= 2 else 1.0)
    return 0.0


LEADERS = ["choose", "none", *GAME.cards.ids_of("archaffineur")]


@pytest.mark.parametrize("leader", LEADERS)
def test_every_decision_is_the_plain_rules_one(leader: str) -> None:
    bot = GAME.heuristic_bot()
    assert isinstance(bot, HeuristicBot)
    decisions = 0
    for seed in range(40):
        options = (
            {} if leader == "choose" else {"archaffineur_1": leader, "archaffineur_2": LEADERS[seed % 7]}
        )
        state = GAME.new(2, seed, options)
        chance = random.Random(seed)
        rngs = {seat: random.Random(f"{seed}:{seat}") for seat in (1, 2)}
        while state.to_act:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(chance))
                continue
            legal = state.legal_actions(seat)
            rng = rngs[seat]
            plain_rng = random.Random()
            plain_rng.setstate(rng.getstate())
            seen = bot.observe(state, seat)
            # seat 2 plays at random half the time, for positions the bot would not reach itself
            action = bot.choose_seen(seen, legal, rng)
            assert action == plain_choice(GAME.cards, seen, legal, plain_rng), (seed, seat, decisions)
            assert rng.getstate() == plain_rng.getstate()
            if seat == 2 and seed % 2:
                action = legal[chance.randrange(len(legal))]
            state.apply(action)
            decisions += 1
    assert decisions > 1000


def test_its_draws_are_randranges() -> None:
    """``_below`` is ``randrange``: the same numbers, and the stream left in the same place."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 2**31, 2**31 + 1, 10**12]:
            assert _below(ours, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()


class CountingRandom(random.Random):
    """A generator of another kind: ``_below`` leaves it to its own randrange."""

    def random(self) -> float:
        return super().random()


def test_another_generator_draws_its_own_way() -> None:
    ours, theirs = CountingRandom(3), CountingRandom(3)
    assert [_below(ours, 7) for _ in range(50)] == [theirs.randrange(7) for _ in range(50)]
