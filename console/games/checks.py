"""The conformance kit: generic checks every engine's tests run, through the public contract only.

Random playouts assert what the contract promises for any game: legal actions are sorted, speak
for their own seat and round-trip through the one notation; mangled notation is a NotationError;
an illegal action changes nothing; a copy is independent; a game replays from its log to the same
state; no other view holds a seat's hidden information; chance actions say which seat's scanner
supplies their card; the game's declared facts and option specs match what it does; and the game
gives every hook the contract requires (``check_hooks``), each answering in its shape; and every
event it makes reads as a sentence (``describe``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from console.games.core import (
    CHANCE,
    Action,
    BadOptions,
    CardInPlay,
    Event,
    Game,
    IllegalAction,
    NotationError,
    SearchBudget,
    State,
    required_hooks,
)
from console.games.steps import steps_for
from console.i18n.said import Said

Views = list[str]
COPY_CHECK_EVERY = 20  # steps: from the first, a copy is played on both ways round


def _text(view: Any) -> str:
    """The view as JSON: a view that is not JSON-ready fails here. Keys in the view's own order
    (the text is searched for secrets, whose order does not matter; sorting them was a third of
    the encoding), and check_circular=False: the same text without the encoder's bookkeeping of
    every list and dict it enters (a view is a fresh tree; one with a cycle fails, by recursion)."""
    return json.dumps(view, check_circular=False)


def _built_views(state: State) -> list[Any]:
    """The public view, then each seat's, as built: index 0 is public, index N is seat N."""
    return [state.view(None)] + [state.view(seat) for seat in range(1, state.players + 1)]


def _all_views(state: State) -> Views:
    """The public view, then each seat's, as text: index 0 is public, index N is seat N."""
    return [_text(view) for view in _built_views(state)]


# Whether a state is as it was is asked of its views as built, compared with ==: the views are
# JSON-ready trees of dicts, lists, strings and numbers, equal exactly when their sorted JSON is
# (but for 1 == 1.0 == True, which no engine swaps for another), and == costs a twentieth of
# encoding them, which was most of the conformance checks' time. The JSON text is still made
# once a step, where it is what is checked: no secret in another seat's text (check_leaks).


def check_leaks(state: State, views: Views | None = None) -> None:
    """No seat's hidden strings appear in the public view or in any other seat's view."""
    views = views or _all_views(state)
    for seat in range(1, state.players + 1):
        for secret in state.hidden_strings(seat):
            assert secret not in views[0], f"seat {seat}'s secret {secret!r} is in the public view"
            for other in range(1, state.players + 1):
                if other != seat:
                    assert secret not in views[other], (
                        f"seat {seat}'s secret {secret!r} is in seat {other}'s view"
                    )


def check_simultaneous_secrecy(state: State) -> None:
    """While several seats choose at once, what one seat picks changes no other seat's view."""
    if len(state.to_act) < 2 or CHANCE in state.to_act:
        return
    for seat in state.to_act:
        others = [None, *[s for s in range(1, state.players + 1) if s != seat]]
        first: list[Any] | None = None
        for action in state.legal_actions(seat):
            trial = state.copy()
            trial.apply(action)
            seen_by_others = [trial.view(other) for other in others]
            first = seen_by_others if first is None else first
            assert seen_by_others == first, f"seat {seat}'s secret choice shows in another view"


def check_illegal_changes_nothing(
    state: State, game: Game, rng: random.Random, views: list[Any] | None = None
) -> None:
    """An action of a seat that may not act now raises IllegalAction and leaves the state as it
    was: its views (``views``: as ``_built_views`` built them before) equal."""
    before = views or _built_views(state)
    idle = [seat for seat in range(1, state.players + 1) if seat not in state.to_act]
    for seat in idle:
        for action in state.legal_actions(seat):
            raise AssertionError(f"seat {seat} is not to act but has legal action {action}")
    candidates: list[Action] = []
    for seat in state.to_act:
        candidates.extend(state.legal_actions(seat))
    refused: list[Action] = []
    for action in candidates[:3]:
        if idle:
            forged = _with_seat(game, action, idle[rng.randrange(len(idle))])
            if forged is not None and not forged.out_of_turn:
                try:
                    state.apply(forged)
                except IllegalAction:
                    refused.append(forged)
                else:
                    raise AssertionError(f"{forged} was accepted from a seat that is not to act")
    # One look after all the refusals (views are what a step's checks spend their time on).
    if refused:
        assert _built_views(state) == before, f"refusing {', '.join(map(str, refused))} changed the state"


def _with_seat(game: Game, action: Action, seat: int) -> Action | None:
    """The same action's notation spoken by another seat, if it still parses."""
    text = str(action)
    if action.seat == CHANCE:
        return None
    try:
        return game.parse_action(f"{seat}:{text.partition(':')[2]}")
    except ValueError:
        return None


def check_actions_speak_for_their_seat(state: State, game: Game) -> None:
    """Legal actions are sorted, name the seat they are listed for, round-trip through notation,
    and a chance action names the seat whose scanner supplies its card (or none, with no card)."""
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        texts = [str(action) for action in legal]
        assert texts == sorted(texts), f"legal actions of seat {seat} are not sorted: {texts[:5]}"
        for action in legal:
            assert action.seat == seat, f"{action} is listed for seat {seat}"
            assert game.parse_action(str(action)) == action, f"{action} does not round-trip"
            if seat != CHANCE:
                continue
            supplier = action.supplier()
            assert action.verb in game.facts.chance_kinds, f"{action}: chance kind not in the game's facts"
            if supplier is not None:
                assert 1 <= supplier <= state.players, f"{action} is supplied by seat {supplier}"
                assert action.cards(), f"{action} names a supplying seat but no card to scan"


# Each turns a good spelling into one that must be refused as notation.
_MANGLES = (
    lambda text: " " + text,
    lambda text: text + " ",
    lambda text: text.replace(":", ": ", 1),
    lambda text: text.replace(" ", "  ", 1) if " " in text else text.upper(),
    lambda text: text.replace(" ", "\t", 1) if " " in text else "\u2003" + text,
    lambda text: text.upper() if text.lower() != text.upper() else text + "\u3000",
    lambda text: _unicode_digit(text, first=True),
    lambda text: _unicode_digit(text, first=False),
)


def _unicode_digit(text: str, first: bool) -> str:
    """The first (or last) ASCII digit written as another script's digit or a superscript,
    which ``str.isdigit`` accepts and notation must not."""
    places = [index for index, char in enumerate(text) if char.isascii() and char.isdigit()]
    if not places:
        return "²" + text
    index = places[0 if first else -1]
    return text[:index] + "²٣۴५"[int(text[index]) % 4] + text[index + 1 :]


def check_notation_is_exact(game: Game, action: Action, rng: random.Random) -> None:
    """Mangled spellings of ``action`` are NotationErrors; cut-off text is a NotationError or an
    action of exactly that spelling; nothing else ever escapes the parser."""
    text = str(action)
    for mangle in _MANGLES:
        bad = mangle(text)
        if bad == text:
            continue
        parsed = _parse_or_none(game, bad)
        assert parsed is None, f"{bad!r} (a mangled {text!r}) parsed as {parsed}"
    cut = text[: rng.randrange(len(text) + 1)]
    junk = "".join(rng.choice(' :-1²xé"\\') for _ in range(rng.randrange(4)))
    for trial in (cut, cut + junk):
        parsed = _parse_or_none(game, trial)
        assert parsed is None or str(parsed) == trial, f"{trial!r} parsed as {parsed}, spelled otherwise"


def _parse_or_none(game: Game, text: str) -> Action | None:
    """The action ``text`` spells, or None for a NotationError; any other exception is a fault."""
    try:
        return game.parse_action(text)
    except NotationError:
        return None
    except Exception as error:
        raise AssertionError(f"parsing {text!r} raised {type(error).__name__}, not NotationError") from error


def check_copy_is_independent(state: State, rng: random.Random) -> None:
    """Playing on a copy leaves its original as it was, either way round; ``state`` is not touched."""
    if not state.to_act:
        return
    before = _built_views(state)
    trial = state.copy()
    assert type(trial) is type(state), "copy() changes the state's type"
    assert _built_views(trial) == before, "a copy differs from its original"
    trial.apply(random_action(trial, rng))
    assert _built_views(state) == before, "playing on a copy changed the original"
    original = state.copy()
    kept = original.copy()
    original.apply(random_action(original, rng))
    assert _built_views(kept) == before, "playing on the original changed its copy"


def check_facts(game: Game, state: State) -> None:
    """What a game says of itself holds for the state in play (checked at every step)."""
    assert type(state).apply is State.apply, "an engine overrides State.apply"
    if len(state.to_act) > 1:
        assert game.facts.simultaneous, f"{game.name}: several seats act at once, facts say never"
    if not game.facts.hidden_information:
        for seat in range(1, state.players + 1):
            assert not list(state.hidden_strings(seat)), f"{game.name} hides cards; facts say it has none"


def check_options(game: Game) -> None:
    """Every option's default is allowed; a value outside its spec or an unknown option is refused
    by merge_options with the option's name."""
    defaults = game.merge_options(None)
    assert defaults == game.default_options()
    refused: list[tuple[str, object]] = [("no-such-option", 1)]
    for spec in game.option_specs:
        assert spec.check(spec.default) == spec.default
        if spec.choices:
            refused.append((spec.name, "no-such-choice"))
        if isinstance(spec.default, int) and not isinstance(spec.default, bool):
            refused.append((spec.name, True))
            if spec.maximum is not None:
                refused.append((spec.name, spec.maximum + 1))
            if spec.minimum is not None:
                refused.append((spec.name, spec.minimum - 1))
        else:
            refused.append((spec.name, 7))
    for name, value in refused:
        try:
            game.merge_options({name: value})
        except BadOptions as error:
            assert name in str(error), f"the refusal of {name}={value!r} does not name it: {error}"
        else:
            raise AssertionError(f"{game.name} accepts option {name}={value!r}")
    clock = game.clock(defaults)
    if clock is not None:
        assert clock.time_up.out_of_turn and clock.time_up.seat == CHANCE
        assert game.parse_action(str(clock.time_up)) == clock.time_up


def check_hooks_given(game: Game, state: State) -> None:
    """The game's classes give every hook ``Game`` and ``State`` mark as required: none may be
    left to the base, which only raises MissingHook."""
    for kind, found in ((Game, type(game)), (State, type(state))):
        for name in required_hooks(kind):
            assert getattr(found, name) is not getattr(kind, name), (
                f"{game.name} lacks the hook {kind.__name__}.{name}, which every game must give"
            )
    assert isinstance(game.search_budget, SearchBudget), f"{game.name}: search_budget is not a SearchBudget"
    assert game.search_budget.iterations > 0 and game.search_budget.rollout >= 0
    assert all(isinstance(verb, str) for verb in game.verb_order), f"{game.name}: verb_order is not words"
    assert game.facts.event_seating in ("pairs", "tables"), f"{game.name}: event_seating"
    typical = game.facts.typical_players
    assert typical == 0 or game.min_players <= typical <= game.max_players, f"{game.name}: typical_players"
    script = game.page_script()
    assert isinstance(script, str) and script.strip(), f"{game.name}: page_script gives no script"
    assert isinstance(game.page_style(), str), f"{game.name}: page_style gives no text"


def check_hooks(game: Game, state: State) -> None:
    """Every hook answers in its shape for ``state``: the cards in play and in hand are catalog
    cards at real seats; evaluations and standings give a figure per seat; the terminal's board
    and labels are text, and the steps a seat chooses by reach each of its legal actions once; the
    public scores name real seats."""
    seats = range(1, state.players + 1)
    catalog = game.catalog()
    in_play = state.cards_in_play()
    assert isinstance(in_play, list), f"{game.name}: cards_in_play gives {type(in_play).__name__}"
    for card in in_play:
        assert isinstance(card, CardInPlay), f"{game.name}: cards_in_play gives {card!r}"
        assert card.seat in seats, f"{game.name}: a card in play at seat {card.seat}"
        assert card.card in catalog, f"{game.name}: {card.card!r} in play is not a catalog card"
        assert card.position is None or card.position >= 1, f"{game.name}: card in play at {card.position}"
    hands = [state.cards_in_hand(seat) for seat in seats]
    assert all(hand is None for hand in hands) or all(hand is not None for hand in hands), (
        f"{game.name}: cards_in_hand is None for some seats only"
    )
    for hand in hands:
        for held, copies in (hand or {}).items():
            assert held in catalog and copies > 0, f"{game.name}: {copies} of {held!r} in a hand"
    standing = game.standing(state)
    assert len(standing) == state.players, f"{game.name}: standing gives {len(standing)} figures"
    if not state.is_over:
        rewards = game.evaluate(state)
        assert len(rewards) == state.players, f"{game.name}: evaluate gives {len(rewards)} figures"
        assert all(0.0 <= reward <= 1.0 for reward in rewards), f"{game.name}: evaluate gives {rewards}"
    public = state.view(None)
    scores = game.public_scores(public)
    assert set(scores) <= {str(seat) for seat in seats}, f"{game.name}: public scores of {sorted(scores)}"
    assert all(isinstance(score, float) for score in scores.values()), f"{game.name}: scores {scores}"
    for seat in (None, *seats):
        lines = game.board_lines(state.view(seat))
        assert isinstance(lines, list) and all(isinstance(line, str | Said) for line in lines), (
            f"{game.name}: board_lines gives {lines!r}"
        )
    for seat in state.to_act:
        if seat == CHANCE:
            continue
        view = state.view(seat)
        legal = state.legal_actions(seat)
        for action in legal:
            group, words = game.label(action, view)
            assert isinstance(group, str) and isinstance(words, str) and words, (
                f"{game.name}: {action} is labelled {(group, words)!r}"
            )
        # the steps a phone and a pod choose by reach every legal action, each once
        reached = sorted(map(str, steps_for(game, legal, view).actions()))
        assert reached == sorted(map(str, legal)), f"{game.name}: the steps reach {reached}, not {legal}"


def check_events_worded(game: Game, events: Sequence[Event]) -> None:
    """Every event the game makes reads as a sentence (``describe``): the pages' log and the
    terminal print it."""
    for event in events:
        said = game.describe(event)
        assert isinstance(said, str) and said.strip(), f"{game.name}: {event.kind} is worded {said!r}"


def check_card_use(game: Game, final: State, history: list[Action]) -> None:
    """The lab's card use, if the game gives it: per real seat, the cards drawn and played."""
    use = game.card_use(final, history)
    if use is None:
        return
    assert set(use) <= set(range(1, final.players + 1)), f"{game.name}: card use of seats {sorted(use)}"
    for seat, entry in use.items():
        assert {"drawn", "played"} <= set(entry), f"{game.name}: card use of seat {seat} is {entry!r}"


def random_action(state: State, rng: random.Random) -> Action:
    """A uniformly random seat of those to act, then chance's sample or one of its legal actions
    uniformly: the step of every random playout, so a test's own loop replays like ``play_random``."""
    seats = state.to_act
    seat = seats[rng.randrange(len(seats))]
    if seat == CHANCE:
        return state.sample_chance(rng)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to act with no legal action"
    return legal[rng.randrange(len(legal))]


def play_random(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 100_000,
    check: bool = False,
) -> State:
    """One game of uniformly random legal actions, chance sampled with ``sample_chance``."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    history: list[Action] = []
    for _ in range(max_actions):
        if not state.to_act:
            break
        if check:
            _check_step(game, state, rng, len(history))
        action = random_action(state, rng)
        events = state.apply(action)
        if check:
            check_events_worded(game, events)
        history.append(action)
    if check:
        _check_replay(game, players, seed, options, history, state)
    return state


def _check_step(game: Game, state: State, rng: random.Random, step: int) -> None:
    # The views are built and written out once a step (they dominate the time) and shared by the
    # checks: the text for the leaks, the trees for "refused, nothing changed".
    built = _built_views(state)
    views = [_text(view) for view in built]
    if step % COPY_CHECK_EVERY == 0:
        check_copy_is_independent(state, random.Random(step))
        check_hooks(game, state)
    check_facts(game, state)
    check_actions_speak_for_their_seat(state, game)
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        check_notation_is_exact(game, legal[rng.randrange(len(legal))], rng)
    check_leaks(state, views)
    check_simultaneous_secrecy(state)
    check_illegal_changes_nothing(state, game, rng, built)


def _check_replay(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    history: list[Action],
    final: State,
) -> None:
    check_finished_offers_nothing(final)
    check_hooks(game, final)
    check_card_use(game, final, history)
    replayed = game.replay(players, seed, options, [str(action) for action in history])
    assert _built_views(replayed) == _built_views(final), "replay from the log gives another state"
    assert replayed.outcome() == final.outcome()
    copy = final.copy()
    assert type(copy) is type(final)
    assert _built_views(copy) == _built_views(final)


def check_finished_offers_nothing(state: State) -> None:
    """Once the game is over nobody must act, so no seat, chance included, has a legal action."""
    if state.outcome() is None:
        return
    assert state.to_act == (), f"the game is over, yet {state.to_act} must act"
    for seat in (CHANCE, *range(1, state.players + 1)):
        assert state.legal_actions(seat) == [], f"the game is over, yet seat {seat} may act"


def check_engine(
    game: Game,
    players: int,
    games: int = 20,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 20_000,
) -> list[State]:
    """Play ``games`` random games checking every invariant at every step, and every hook the
    contract requires on the way; return the final states."""
    check_options(game)
    check_hooks_given(game, game.new(players, seed, options))
    return [
        play_random(game, players, seed + number, options, max_actions, check=True) for number in range(games)
    ]
