"""The contract every rules engine keeps: Game (rules and parameters) and State (one game in play).

Engines are pure: no I/O, no clock, no threads, no randomness of their own. Chance (shuffles,
draws, reveals) is an explicit actor, ``CHANCE``, whose actions the table resolves from a seeded
RNG in virtual play or from a scan in physical play; either way the outcome is journalled.

Seats are numbered from 1; seat 0 is chance. Every action has a text notation ``SEAT:VERB ARGS``
(``2:retreat``, ``chance:draw 1 5``) that round-trips through ``Game.parse_action`` and ``str``.
"""

from __future__ import annotations

import random
import re
import tomllib
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, TypeVar

from console import i18n
from console.i18n.said import SEAT_AT_START, SEAT_WITHIN, Said, Speaker, phrase, say, say_n
from console.i18n.said import Seat as SaidSeat

if TYPE_CHECKING:
    from console.games.editions import Edition, Tunable

Seat = int
CHANCE: Seat = 0
ENGLISH = Speaker()  # a refusal's English (GameError): the console's words, no game's catalog
JSON = dict[str, Any]


class GameError(ValueError):
    """What a game refuses, said to a person in their language: made with a sentence
    (``console.i18n.said``: ``IllegalAction(say("you hold no %(card)s", card=Card(id)))``), kept
    as ``said``; ``str(error)`` is its English (the log, the terminal, API clients). Given as text,
    it is said through ``phrase`` (its parts' messages marked ``N_`` where they are written)."""

    def __init__(self, message: Said | str = "") -> None:
        self.said = message if isinstance(message, Said) else phrase(message)
        super().__init__(ENGLISH.render(self.said, at_start=False) if isinstance(message, Said) else message)


class NotationError(GameError):
    """Text that is not an action of this game at all (a typo, an unknown verb)."""


class IllegalAction(GameError):
    """A well-formed action the rules do not allow now. The state is unchanged."""


class BadOptions(GameError):
    """Game options or a player count the game cannot be set up with."""


class CatalogError(ValueError):
    """A game's card data (its cards.toml) is wrong; the message names the entry."""


def read_cards(module: str, text: str | None = None, source: str = "cards.toml") -> dict[str, Any]:
    """A game's card data as TOML: ``text``, or by default the cards.toml packaged beside the
    engine's catalog ``module`` (its ``__name__``); CatalogError, naming ``source``, if it is not
    TOML. Each engine's catalog.py checks it in ``parse_catalog`` and keeps it in ``catalog()``."""
    if text is None:
        text = resources.files(module.rpartition(".")[0]).joinpath(source).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{source} is not valid TOML: {error}") from None


class UnknownGame(LookupError):
    """No game is registered under that name."""


def seat_text(seat: Seat) -> str:
    return "chance" if seat == CHANCE else str(seat)


_VERB_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")
_WORD_CHARS = frozenset(chr(code) for code in range(0x21, 0x7F))  # printable ASCII, no space


def _shown_head(text: str) -> str:
    """What an error may quote of text that is not notation: its first word, never a message."""
    return text.strip().split(" ", 1)[0][:24]


def split_notation(text: str, free_text_verbs: Iterable[str] = ()) -> tuple[Seat, str, list[str]]:
    """Split ``SEAT:VERB ARGS`` into its parts, exactly as notation is written, or raise NotationError.

    Notation has one spelling: no spaces around it, one ASCII space between words, the seat in
    ASCII digits (``chance`` for chance), the verb in lower case. A verb in ``free_text_verbs``
    (a chat line) keeps everything after its first space as one argument, unsplit.
    """
    if not isinstance(text, str):
        raise NotationError(say("an action is text, like 2:retreat"))
    head, sep, rest = text.partition(":")
    if not sep:
        raise NotationError(
            say("%(text)s is not an action: expected SEAT:VERB, like 2:retreat", text=repr(_shown_head(text)))
        )
    if head != "chance" and not (head.isascii() and head.isdigit() and head[0] != "0"):
        raise NotationError(
            say(
                "%(text)s: the seat must be a number from 1 in ASCII digits, or 'chance'",
                text=repr(_shown_head(text)),
            )
        )
    seat = CHANCE if head == "chance" else int(head)
    verb, space, tail = rest.partition(" ")
    if not verb:
        raise NotationError(
            say("%(text)s: the action has no verb right after the colon", text=repr(_shown_head(text)))
        )
    if not set(verb) <= _VERB_CHARS:
        raise NotationError(
            say(
                "%(text)s: a verb is written in lower-case letters, like retreat",
                text=repr(_shown_head(text)),
            )
        )
    if verb in free_text_verbs:
        if not space or not tail:
            raise NotationError(say("%(verb)s needs its words after one space", verb=verb))
        return seat, verb, [tail]
    if space and not tail:
        raise NotationError(say("%(text)s: the action ends with a space", text=repr(_shown_head(text))))
    words = tail.split(" ") if space else []
    for word in words:
        if not word:
            raise NotationError(
                say("%(text)s: words are separated by one space", text=repr(_shown_head(text)))
            )
        if not set(word) <= _WORD_CHARS:
            raise NotationError(
                say(
                    "%(text)s: %(word)s is not plain ASCII notation",
                    text=repr(_shown_head(text)),
                    word=repr(word[:24]),
                )
            )
    return seat, verb, words


def parse_int(text: str, what: Said | str, action_text: str) -> int:
    """A whole number written in ASCII digits (``²`` or ``٣`` are not numbers in notation). ``what``
    names the number in the game's words, ``say("the shelf")``, to be said in the reader's language;
    a game with no catalog of its own may give plain English."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise NotationError(
            say(
                "%(text)s: %(what)s must be a whole number, not %(given)s",
                text=repr(_shown_head(action_text)),
                what=what,
                given=repr(text[:24]),
            )
        )
    return int(text)


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen values with a round-tripping notation.

    Subclasses set ``verb`` and implement ``args``; ``cards`` names the catalog cards the action
    uses, so a scan can narrow the choices to the actions that use the scanned card.
    """

    seat: Seat
    verb: ClassVar[str] = ""
    # True for an action the rules hear whoever is to act (a chat line, the table's clock): the
    # contract's ``apply`` lets it past the turn check, and the engine checks it like any other.
    out_of_turn: ClassVar[bool] = False
    # True when the notation ends in free text (a chat line), which parses but is not echoed.
    free_text: ClassVar[bool] = False

    def args(self) -> tuple[str, ...]:
        return ()

    def supplier(self) -> Seat | None:
        """For a chance action that brings a physical card: the seat whose scanner supplies it,
        so a scan at that seat resolves it (a card drawn into seat 2's hand: 2). None for an
        action that needs no card from any seat (a coin toss, the clock, a player's own move)."""
        return None

    def cards(self) -> tuple[str, ...]:
        return ()

    def position(self) -> int | None:
        """The numbered table position the action puts a card on (a Wheels shelf), so a scan on
        that position's reader can choose it; None for an action that places no card."""
        return None

    def __str__(self) -> str:
        return " ".join((f"{seat_text(self.seat)}:{self.verb}", *self.args()))


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, for logs, screens and phones.

    ``audience`` is None when everyone may see it, else the seats that may. An event that
    reveals hidden information to some seats is paired with a redacted one for the rest.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[Seat] | None = None

    def __init__(
        self, kind: str, data: Mapping[str, Any] | None = None, audience: frozenset[Seat] | None = None
    ) -> None:
        # Frozen all the same: set once, here, in the instance's dict, past the frozen __setattr__
        # that the generated __init__ calls per field (engines make events on every action).
        fields = self.__dict__
        fields["kind"] = kind
        fields["data"] = {} if data is None else data
        fields["audience"] = audience

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> JSON:
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. An empty ``winners`` with a reason is an abandoned game."""

    winners: tuple[Seat, ...]
    scores: tuple[float, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1

    def to_json(self) -> JSON:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


# -- The hooks' own types: what generic code is told by a game --------------------------------

_Method = TypeVar("_Method", bound=Callable[..., Any])


def required_hook(method: _Method) -> _Method:
    """Marks a hook of ``Game`` or ``State`` every game must give (the base only raises
    ``MissingHook``); ``check_engine`` fails a game whose class does not override it."""
    method.__required_hook__ = True  # type: ignore[attr-defined]
    return method


class MissingHook(NotImplementedError):
    """A game lacks a hook the contract requires; the message names the game and the hook."""

    def __init__(self, game: Game, hook: str) -> None:
        super().__init__(f"the game {game.name!r} does not give {hook}, which every game must")


def required_hooks(kind: type) -> tuple[str, ...]:
    """The names of ``kind``'s (``Game`` or ``State``) hooks marked ``@required_hook``."""
    return tuple(
        name
        for name, value in vars(kind).items()
        if getattr(value, "__required_hook__", False) and callable(value)
    )


@dataclass(frozen=True)
class CardInPlay:
    """One physical card a game has on the table at ``seat`` (``position``: its numbered place,
    a Wheels shelf, or None)."""

    seat: Seat
    card: str
    position: int | None = None


@dataclass(frozen=True)
class SearchBudget:
    """The hard bot's budget for a game: ``iterations`` scales its iterations per decision (a
    game with long turns and costly moves needs fewer), ``rollout`` is how many actions the
    heuristic plays past the tree before the game's ``evaluate`` scores the position."""

    iterations: float = 1.0
    rollout: int = 16


class ChoiceLabel(NamedTuple):
    """A choice in words for the terminal: its ``group`` ("" when it stands alone) and ``words``,
    each English that is a message of the game's catalog where it is fixed words (``N_``), so the
    phone's headings and the terminal's choices are said in each one's language."""

    group: str
    words: str


_PIECES = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[Any, ...]:
    """Text with its numbers compared as numbers: i2 before i10, shelf 3 before shelf 12."""
    return tuple(int(part) if part.isdigit() else part for part in _PIECES.split(text))


def package_text(package: str, name: str) -> str:
    """A text file shipped in ``package`` (a game's page script): works from a checkout, an
    editable install and a wheel alike."""
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


Rule = Callable[[Any, Any], list[Event]]
"""A rule of an engine: ``(state, action) -> events``. It checks the action against the state and
raises IllegalAction before it changes anything; else it applies it and returns what happened."""


class State(ABC):
    """One game in progress. Mutable; ``copy`` gives an independent game for bots.

    ``rules`` is the engine's dispatch table, ``{action class: rule}``, read by ``_apply`` by the
    action's exact type; every engine names it ``RULES`` in its state.py."""

    game: Game
    players: int
    rules: ClassVar[Mapping[type[Action], Rule]] = {}

    @property
    @abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that must act now; several at once for simultaneous choices; (CHANCE,)
        when chance must resolve something; () once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now, sorted by notation; [] if it may not act."""

    def _apply(self, action: Action) -> list[Event]:
        """Check and apply ``action`` by the rule ``rules`` names for its exact type; an action of
        another class (another game's) is refused. Engines do not override this."""
        rule = self.rules.get(type(action))
        if rule is None:
            raise IllegalAction(
                say("%(action)s is not an action of %(game)s", action=str(action), game=self.game.title)
            )
        return rule(self, action)

    @abstractmethod
    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` may see (None: the public table), ready for JSON."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def copy(self) -> State:
        """An independent copy, of the same type."""

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; raise IllegalAction (state unchanged) if the rules forbid it.

        Engines do not override this: an action the rules hear out of turn says so
        (``Action.out_of_turn``), and a game explains a refused turn in ``why_not_now``."""
        if self.outcome() is not None:
            raise IllegalAction(say("the game is over"))
        if not action.out_of_turn and action.seat not in self.to_act:
            raise IllegalAction(self.why_not(action.seat))
        return self._apply(action)

    def why_not(self, seat: Seat) -> Said:
        """Why ``seat`` may not act now, in words every seat may read (who is to act), as a sentence
        each reader says in their language. A game that words it only in ``why_not_now``'s English
        is said through ``phrase`` (its parts marked ``N_`` where they are written)."""
        if type(self).why_not_now is not State.why_not_now:
            return phrase(self.why_not_now(seat))
        return self._others_act(seat)

    def why_not_now(self, seat: Seat) -> str:
        """``why_not`` in English (the log, the terminal, API clients)."""
        return ENGLISH.render(self._others_act(seat), at_start=False)

    def _others_act(self, seat: Seat) -> Said:
        """Any game's reason: another seat (or chance, or nobody) is to act."""
        who = say("chance") if seat == CHANCE else SaidSeat(seat)
        acting = tuple(say("chance") if s == CHANCE else SaidSeat(s) for s in self.to_act)
        if not acting:
            return say("it is not %(who)s's turn to act; nobody is to act", who=who)
        return say_n(
            "it is not %(who)s's turn to act; %(acting)s is to act",
            "it is not %(who)s's turn to act; %(acting)s are to act",
            len(acting),
            who=who,
            acting=acting,
        )

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        """The next chance action's possible outcomes with integer weights.

        Physical play may scan any legal chance action; this gives the one distribution the
        table samples from in virtual play, in a canonical order so a seed replays exactly."""
        return [(action, 1) for action in self.legal_actions(CHANCE)]

    def sample_chance(self, rng: random.Random) -> Action:
        """Pick a chance outcome with ``rng``. Engines may override this for speed, keeping
        the same distribution as ``chance_outcomes``."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction(say("chance has nothing to resolve now"))
        total = sum(weight for _, weight in outcomes)
        pick = rng.randrange(total)
        for action, weight in outcomes:
            pick -= weight
            if pick < 0:
                return action
        raise AssertionError("unreachable: weights exhausted")

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def determinize(self, seat: Seat, rng: random.Random) -> State:
        """A copy in which everything ``seat`` cannot see (other seats' hands, face-down cards,
        sealed identities, unseen deck contents, another seat's pending secret choice) is re-dealt
        at random, consistent with ``view(seat)``: two states with equal views give equal copies
        for equal ``rng``. Search bots sample the hidden parts with it. Games with no hidden
        information need not override it."""
        if self.game.facts.hidden_information:
            raise NotImplementedError(f"{self.game.title} has hidden information but no determinize")
        return self.copy()

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        """Strings that only ``seat`` may see right now (its hand's card ids, its secret choice),
        for property tests that no other view leaks them. Games with no secrets return ()."""
        return ()

    # -- What a table needs beyond the rules: the state's hooks ---------------------------------
    # Generic code (the hub's re-check and held copies) asks these instead of reading an engine's
    # fields. Each is required (``required_hooks(State)``): ``check_engine`` fails a game that
    # lacks one, so a new game cannot silently go without a re-check after a restart.

    @required_hook
    def cards_in_play(self) -> list[CardInPlay]:
        """Every physical card the game has laid on the table now, by seat (and numbered table
        position, if the card has one): after a restart each seat re-scans them, so a card moved
        while the hub was down is found before play goes on. [] for a game that lays none (a
        finished game is never re-checked: console/physical/recheck.py asks only while it plays)."""
        raise MissingHook(self.game, "State.cards_in_play")

    @required_hook
    def cards_in_hand(self, seat: Seat) -> Counter[str] | None:
        """The catalog cards in ``seat``'s hand, with their copies, so a tagged copy dealt into a
        hand is not taken for a card drawn from the deck later; None for a game without hands."""
        raise MissingHook(self.game, "State.cards_in_hand")


OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default (which fixes its type), and the values it may take.

    ``choices`` lists the words a text option may be (empty: any text, checked by the game);
    ``minimum``/``maximum`` bound a number. ``check`` is the one place options are refused.
    ``label``, ``help`` and ``choice_labels`` (one per choice) are message ids of the game's catalog
    (marked ``N_`` where the game writes them), which the start form says in its language; an empty
    label is the name in words, a choice without a label its words."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def check(self, value: object) -> OptionValue:
        """``value`` if this option may take it, else BadOptions naming the option and the range."""
        kind = type(self.default)
        # bool is an int to Python, but `first_seat = true` is a mistake, not seat 1.
        if type(value) is not kind:
            raise BadOptions(
                say(
                    "option %(name)s must be %(kind)s, not %(value)s",
                    name=repr(self.name),
                    kind=_KIND_WORDS[kind],
                    value=repr(value),
                )
            )
        assert isinstance(value, bool | int | str)
        if self.choices and value not in self.choices:
            choices = ", ".join(map(repr, self.choices))
            raise BadOptions(
                say(
                    "option %(name)s must be one of %(choices)s, not %(value)s",
                    name=repr(self.name),
                    choices=choices,
                    value=repr(value),
                )
            )
        if isinstance(value, int) and not isinstance(value, bool):
            low = -(10**9) if self.minimum is None else self.minimum
            high = 10**9 if self.maximum is None else self.maximum
            if not low <= value <= high:
                raise BadOptions(
                    say(
                        "option %(name)s must be from %(low)s to %(high)s, not %(value)s",
                        name=repr(self.name),
                        low=low,
                        high=high,
                        value=value,
                    )
                )
        return value

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "label": self.label or self.name.replace("_", " "),
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices),
            "choice_labels": {
                choice: label or choice.replace("_", " ")
                for choice, label in zip(
                    self.choices, self.choice_labels or ("",) * len(self.choices), strict=True
                )
            },
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


_KIND_WORDS: dict[type, Said] = {bool: say("true or false"), int: say("a whole number"), str: say("text")}


@dataclass(frozen=True)
class TableClock:
    """A game's clock, run by the table (engines have none): after ``minutes`` the table posts
    ``time_up``, an out-of-turn chance action journalled like any other."""

    minutes: float
    time_up: Action


@dataclass(frozen=True)
class GameFacts:
    """What generic code (table, hub, composer, lab) may know of a game without reading its rules."""

    min_players: int
    max_players: int
    simultaneous: bool  # several seats may choose at once, each in secret
    hidden_information: bool  # some seat sees what another may not
    chance_kinds: tuple[str, ...]  # the verbs chance acts with (draw, first, time-up, ...)
    # How an event at a venue seats it: "pairs" (Swiss rounds of two-seat tables, ranked by match
    # points) or "tables" (tables of four, the rest of three, ranked by wins, then points).
    event_seating: Literal["pairs", "tables"] = "pairs"
    # The seats of a usual game, for benchmarks and examples; 0: the fewest it may be played by.
    typical_players: int = 0
    # Options that make a whole game short (a round limit), for benchmarks that play games to the end.
    short_options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {
            "min_players": self.min_players,
            "max_players": self.max_players,
            "simultaneous": self.simultaneous,
            "hidden_information": self.hidden_information,
            "chance_kinds": list(self.chance_kinds),
            "event_seating": self.event_seating,
            "typical_players": self.typical_players or self.min_players,
            "short_options": dict(self.short_options),
        }


class Game(ABC):
    """A game's rules and parameters. One instance per game, found with ``find_game``.

    A game declares its ``facts`` and ``option_specs``; options are checked in ``merge_options``
    only. Notation is parsed in ``parse_action`` only, which hands the engine's ``parse_notation``
    text already split by the shared, exact ``split_notation`` rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    # The game's word for its players, plural, as the rule book says it: "about 25 minutes with 4
    # rulers" on the host's start form.
    players_noun: ClassVar[str] = "players"
    facts: ClassVar[GameFacts]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    # A private event followed by its redacted twin for the rest of the table: its owner reads it
    # once (the terminal, the phone's log). Events of one kind are twins without saying so; a
    # twin under another kind is declared here, public kind -> private kind ("chosen" -> "choice").
    twin_kinds: ClassVar[Mapping[str, str]] = {}

    @property
    def min_players(self) -> int:
        return self.facts.min_players

    @property
    def max_players(self) -> int:
        return self.facts.max_players

    @abstractmethod
    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> State:
        """Set up a game. ``decks`` stacks chosen seats' decks (top first), for scenarios."""

    @abstractmethod
    def parse_notation(self, text: str) -> Action:
        """The engine's parser: text to action, NotationError for anything else."""

    def parse_action(self, text: str) -> Action:
        """Parse notation; raise NotationError if the text is not exactly an action of this game.

        Text that parses but is not the action's one spelling (``2:retreat `` or reordered
        words) is refused too, so the journal, logs and phones all speak one notation."""
        action = self.parse_notation(text)
        if str(action) != text:
            shown = _shown_head(text) if action.free_text else text[:80]
            written = _shown_head(str(action)) if action.free_text else str(action)
            raise NotationError(
                say(
                    "%(text)s is not written as notation: the action is written %(written)s",
                    text=repr(shown),
                    written=repr(written),
                )
            )
        return action

    def clock(self, options: Mapping[str, Any]) -> TableClock | None:
        """The table's clock for a game set up with ``options`` (merged), or None if it has none."""
        return None

    def default_options(self) -> JSON:
        return {spec.name: spec.default for spec in self.option_specs}

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                raise BadOptions(
                    say(
                        "%(game)s is for %(num)s players, not %(players)s",
                        game=self.title,
                        num=self.min_players,
                        players=players,
                    )
                )
            raise BadOptions(
                say(
                    "%(game)s is for %(low)s to %(high)s players, not %(players)s",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            )

    def merge_options(self, options: Mapping[str, Any] | None) -> JSON:
        """Defaults overlaid with ``options``; an unknown key or a value out of its spec is refused."""
        specs = {spec.name: spec for spec in self.option_specs}
        merged = self.default_options()
        for key, value in (options or {}).items():
            if key not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise BadOptions(
                    say(
                        "%(game)s has no option %(key)s (options: %(known)s)",
                        game=self.title,
                        key=repr(key),
                        known=known,
                    )
                )
            merged[key] = specs[key].check(value)
        return merged

    def replay(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        actions: Iterable[Action | str],
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> State:
        """Rebuild a game from its setup and action log."""
        state = self.new(players, seed, options, decks)
        for action in actions:
            state.apply(self.parse_action(action) if isinstance(action, str) else action)
        return state

    def catalog(self) -> dict[str, str]:
        """Every card id of this game's physical cards with its display name, for scans,
        enrolment and print-and-play sheets. Card ids are what ``Action.cards`` names."""
        return {}

    def card_details(self) -> dict[str, JSON]:
        """What the pages may say of a card beyond its name, by card id (all public, the printed
        card's own words): ``text``, ``facts`` (its figures), and ``rival`` for a card aimed at the
        rival's side. A name and printed text are English, each a message id in the game's catalog,
        so each page says them in its language; ``facts`` in figures may be a ``Said``."""
        return {}

    def simulation_stats(self, finals: Sequence[State]) -> JSON:
        """Game-specific figures over finished simulated games (rounds, wars, cards used)."""
        return {}

    def heuristic_bot(self) -> Bot | None:
        """A simple rule-of-thumb bot for this game, if it has one."""
        return None

    # -- What a table needs beyond the rules: the game's hooks ----------------------------------
    # Every per-game fact a caller needs (the bots, the lab, the terminal, the pages, the venue)
    # is one of these, so nothing outside console/games/ names a game. Those marked
    # ``@required_hook`` (``required_hooks(Game)``) have no default: ``check_engine`` fails a game
    # that lacks one. The others have a default that is right for most games.

    # The hard bot's budget: how many of its iterations this game can afford, how long a rollout.
    search_budget: ClassVar[SearchBudget] = SearchBudget()
    # The terminal lists choices grouped by verb, groups in the order a turn reads (unlisted last).
    verb_order: ClassVar[tuple[str, ...]] = ()

    @required_hook
    def evaluate(self, state: State) -> list[float]:
        """Each seat's prospects in an unfinished ``state``, in [0, 1] (index seat - 1): how the
        hard bot scores the end of a rollout. May read the whole state (the bot hands it only
        worlds sampled from its own view)."""
        raise MissingHook(self, "Game.evaluate")

    @required_hook
    def standing(self, state: State) -> list[float]:
        """Each seat's visible standing now (index seat - 1): who leads, for the lab's lead
        changes and decided-at figures."""
        raise MissingHook(self, "Game.standing")

    # -- Editions: what the lab may change (console/games/editions.py) -------------------------
    # A card's stand-in goes into one seat's cards when each seat holds its own (a deck per seat),
    # so its effect is read on that seat; else it goes into the shared decks, for every seat.
    stand_in_by_seat: ClassVar[bool] = False

    def tunables(self) -> list[Tunable]:
        """The catalog's numbers ``tabletop balance`` may change, with their bounds; none by default."""
        return []

    def stand_ins(self) -> list[str]:
        """The cards the lab can replace by a neutral stand-in the catalog declares (or remove,
        where the rules allow), to measure what each does; none by default."""
        return []

    def edited(self, edition: Edition) -> Game:
        """This game with ``edition``'s changes on top of its own (an edited game's edition is
        merged with the new one); BadOptions for a number or a card it cannot change."""
        if edition:
            raise BadOptions(
                say("%(game)s declares no numbers or stand-ins an edition may change", game=self.title)
            )
        return self

    def card_use(self, state: State, history: Sequence[Action]) -> dict[Seat, JSON] | None:
        """For the lab, per seat of a finished game played with ``history``: ``drawn`` (card
        ids), ``played`` (card id -> the turn or round it was first played), ``leader`` and
        ``leader_used`` (a card the seat leads with, or None). None: the game has no such figures."""
        return None

    def choice_notes(self, state: State, seat: Seat, legal: Sequence[Action]) -> Mapping[str, Said | str]:
        """By notation, a line saying what each of ``seat``'s ``legal`` actions will do in the
        game's own numbers ("costs 1 Wood, 1 Stone; leaves 2 Wood, 0 Stone"), for the phone and
        the terminal to show beside the choice: a ``Said`` (``console.i18n.said``), which each
        screen says in its own language (a plain string is shown as written, in English). Only
        what ``seat`` may know: it goes to that seat alone. {}: the labels say enough."""
        return {}

    @required_hook
    def board_lines(self, view: JSON) -> Sequence[Said | str]:
        """The terminal's compact board drawn from ``view`` (a seat's or the public one): a few
        lines, only what the view holds, each a sentence (``Said``: said in the terminal's
        language, seats by their names, cards by their printed names) or English as written."""
        raise MissingHook(self, "Game.board_lines")

    @required_hook
    def label(self, action: Action, view: JSON) -> ChoiceLabel:
        """How the terminal words one of the acting seat's choices (``view`` is that seat's):
        its group ("Build a road", or "" for a choice that stands alone) and its own words."""
        raise MissingHook(self, "Game.label")

    # How this game's sentences say a seat, at a sentence's start and within one (a game whose rule
    # book has its own word for a seat says it alike: "Ruler %(seat)s"), from its catalog.
    seat_words: ClassVar[tuple[str, str]] = (SEAT_AT_START, SEAT_WITHIN)

    def words(self, event: Event) -> Said:
        """``event`` as a message id and its values (``console.i18n.said``), which each screen says
        in its own language: card ids as ``Card``, seats as ``Seat``, never English fixed in. Only
        the event's own fields: the sentence goes wherever the event goes. The default says the
        event's name and whose it is ("Seat 2: kind words"), or the English of a game that still
        words its events in ``describe`` alone."""
        if type(self).describe is not Game.describe:
            return Said(self.describe(event))
        seat = event.data.get("seat")
        what = event.kind.replace("_", " ")
        what = what[:1].upper() + what[1:]
        if isinstance(seat, int) and seat:
            return say("%(seat)s: %(what)s", seat=SaidSeat(seat), what=what)
        return Said(what)

    def speaker(self, language: str = i18n.DEFAULT) -> Speaker:
        """How this game's sentences are said in ``language`` where no player's name is known (the
        terminal, a replay): seats in the game's own word, cards by their names in its catalog."""

        def seat(number: int, at_start: bool) -> str:
            return speaker.translate(self.seat_words[0 if at_start else 1]) % {"seat": number}

        def card(card_id: str) -> str:
            return speaker.translate(self.card_name(card_id))

        speaker = Speaker(language, self.catalog_package(), seat, card)
        return speaker

    def card_words(self, detail: object, language: str = i18n.DEFAULT) -> str:
        """A card's detail (``card_details``: printed text, or its facts as a ``Said``) said in
        ``language``: the terminal's and the print-and-play sheet's words."""
        if isinstance(detail, Said):
            return self.speaker(language).render(detail)
        return self.speaker(language).translate(str(detail)) if detail else ""

    def phrase(self, text: str) -> Said:
        """An English reason this game's engine wrote (an outcome's), taken back to its messages
        (``console.i18n.said.phrase``), a seat in the game's own word included ("ruler 2")."""
        return phrase(text, self.seat_words[1].replace("%(seat)s", "").strip())

    def describe(self, event: Event) -> str:
        """``event`` as a sentence in English, the one wording of the terminal's log and of every
        test that reads one: ``words`` said in English."""
        return self.speaker().render(self.words(event))

    @required_hook
    def page_script(self) -> str:
        """The JavaScript that draws this game on the phone and table pages: it registers
        ``Games.renderers[<name>]`` (console/web/static/games.js says what it may give). A game
        ships it as a file of its package and returns ``package_text(__package__, "page.js")``."""
        raise MissingHook(self, "Game.page_script")

    def catalog_package(self) -> str:
        """The package holding this game's own catalog, if it ships one (``game.pot`` and
        ``locale/LANG/LC_MESSAGES/game.po``, made by ``pybabel extract`` over its page.js: its words
        in each language; docs/design.md, "Languages"): the game's own package."""
        return type(self).__module__.rpartition(".")[0]

    def page_style(self) -> str:
        """Styles of this game's own for its pages, loaded after the shared ones (a game ships
        them as ``page.css`` beside its ``page.js``); "": the shared styles are enough."""
        return ""

    @required_hook
    def public_scores(self, view: JSON) -> dict[str, float]:
        """The running score each seat has in the public ``view`` (``view(None)``), by seat
        number as text: what a venue board shows beside each table."""
        raise MissingHook(self, "Game.public_scores")

    def card_name(self, card_id: str) -> str:
        """A card's printed name (``affineurs-nose`` is "Affineur's Nose"), else its id in words."""
        return self.catalog().get(card_id) or card_id.replace("-", " ").title()

    def __repr__(self) -> str:
        return f"find_game({self.name!r})"


class Bot(ABC):
    """A player that chooses from its own view and legal actions, never the hidden state."""

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` (never empty)."""


class RandomBot(Bot):
    name = "random"

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
