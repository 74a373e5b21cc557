"""``tabletop lengths GAME``: how many actions a game takes at each player count, measured by the
normal bot on seeded games and printed as the game's ``length.toml`` (docs/lab.md, "How long a
game takes"): ``tabletop lengths watch > console/games/watch/length.toml``.

``tabletop lengths --compare [GAME]`` sets each finished game of a hub's journal beside the length
the start form would have said for it, at the pace the hub learned and at the default."""

from __future__ import annotations

import argparse

from console.cli.common import CommandError, Subparsers, open_journal
from console.i18n import N_
from console.i18n.said import say
from console.lab.length import Pace, about_minutes, lengths_of, measure, seconds, to_toml


def register_cli(subparsers: Subparsers) -> None:
    lengths = subparsers.add_parser("lengths", help=N_("measure a game's length by player count, as TOML"))
    lengths.add_argument("game", nargs="?")
    lengths.add_argument("--games", type=int, default=200, help="seeded games per player count")
    lengths.add_argument("--seed", type=int, default=0, help="the first game's seed (game i: seed + i)")
    lengths.add_argument("--players", type=int, action="append", help="only this count (repeatable)")
    lengths.add_argument(
        "--compare", action="store_true", help="the journal's finished games beside their estimates"
    )
    lengths.set_defaults(handler=cmd_lengths)


def cmd_lengths(args: argparse.Namespace) -> int:
    if args.compare:
        return compare(args)
    if not args.game:
        raise CommandError(
            say("name the game to measure (%(example)s), or give --compare", example="tabletop lengths watch")
        )
    print(to_toml(measure(args.game, args.games, args.seed, args.players or ())), end="")
    return 0


def compare(args: argparse.Namespace) -> int:
    """One line a finished hub game: what it took, and what the start form would have said."""
    from console.games import find_game
    from console.hub.config import load_config
    from console.hub.pace import DEFAULT_PERSON_S, finished_paces, learned

    config = load_config()  # the bots' and the dealer's pauses this hub plays with
    journal = open_journal(args)  # read only: beside a running hub too
    with journal.reading():
        paces = [pace for pace in finished_paces(journal) if args.game in (None, pace.game)]
        taught = {pace.game: learned(journal, pace.game) for pace in paces}
    if not paces:
        print("no finished game played at a hub in this journal yet: nothing to compare")
        return 0
    for pace in paces:
        game, table = find_game(pace.game), lengths_of(pace.game)
        length = table.lengths.get(pace.players) if table else None
        person = taught[pace.game]
        bots = pace.players - pace.people
        seated = plural(pace.people, "person", "people") + (
            f" and {plural(bots, 'bot', 'bots')}" if bots else ""
        )
        said = f"table {pace.table_id}, {game.title}: {pace.players} {game.players_noun} ({seated}), "
        said += f"cards {'scanned' if pace.physical else 'dealt'}: played {pace.played_s / 60:.0f} minutes"
        if length is None:
            print(f"{said}; no length is measured for it")
            continue
        paces_s = [(DEFAULT_PERSON_S, "the default")]
        if person.games:  # the hub has learned its own: that first
            paces_s.insert(0, (person.person_s, f"this hub's, from {plural(person.games, 'game', 'games')}"))
        estimates = []
        for person_s, why in paces_s:
            at = Pace(person_s, config.bot_delay_s, config.chance_delay_s)
            minutes = about_minutes(seconds(length, pace.people, pace.physical, at))
            estimates.append(f"{minutes} minutes at {person_s:.1f} s a person's action ({why})")
        print(f"{said}; estimated {', '.join(estimates)}")
    return 0


def plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"
