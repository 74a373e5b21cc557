"""Enrolment: walk a person through tagging a deck, one card at a time.

For each catalog card (and each copy of it), the person is told which card to lay on the reader;
the tag's UID is recorded for that card in the tag store. A tag that already stands for another
card, a QR code, or the same tag twice is explained and the card asked for again. A reader that
gives nothing within the timeout ends the walk, keeping what was enrolled so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from console.games.core import Game
from console.inputs.events import CardScanned
from console.physical.cardmap import parse_card_text
from console.physical.tagstore import TagStore

NextScan = Callable[[float], CardScanned | None]  # the next scan within a timeout, or None
Prompt = Callable[[str], None]


@dataclass
class EnrolReport:
    game: str
    wanted: int
    enrolled: list[tuple[str, str]] = field(default_factory=list)  # (uid, card id)
    problems: int = 0

    @property
    def complete(self) -> bool:
        return len(self.enrolled) == self.wanted


def enrol_deck(
    game: Game,
    reader: NextScan,
    store: TagStore,
    prompt: Prompt,
    *,
    copies: int = 1,
    timeout_s: float = 60.0,
    replace: bool = False,
) -> EnrolReport:
    """Enrol ``copies`` tags of every card of ``game``. ``replace`` lets a tag enrolled for
    another card be enrolled again for this one."""
    catalog = game.catalog()
    report = EnrolReport(game.name, wanted=len(catalog) * copies)
    this_session: dict[str, str] = {}
    number = 0
    for card_id, name in catalog.items():
        for copy in range(1, copies + 1):
            number += 1
            which = f" (copy {copy} of {copies})" if copies > 1 else ""
            prompt(f"[{number}/{report.wanted}] Lay {name}{which} on the reader.")
            while True:
                scan = reader(timeout_s)
                if scan is None:
                    prompt(
                        f"No card came in {timeout_s:g} s: stopping with {len(report.enrolled)} "
                        f"of {report.wanted} tags enrolled."
                    )
                    return report
                problem = _problem(game, scan, card_id, store, this_session, catalog, replace)
                if problem:
                    report.problems += 1
                    prompt(f"  {problem} Lay {name}{which} on the reader.")
                    continue
                store.enrol(scan.uid, game.name, card_id)
                this_session[scan.uid] = card_id
                report.enrolled.append((scan.uid, card_id))
                prompt(f"  {name}: tag {scan.uid} enrolled. Take it off the reader.")
                break
    prompt(f"Done: {len(report.enrolled)} tags enrolled for {game.title}.")
    return report


def _problem(
    game: Game,
    scan: CardScanned,
    card_id: str,
    store: TagStore,
    this_session: dict[str, str],
    catalog: dict[str, str],
    replace: bool,
) -> str:
    if not scan.uid:
        return "That was a printed code: QR cards need no enrolment. Use an NFC tag."
    if scan.uid in this_session:
        return f"That tag was just enrolled as {catalog[this_session[scan.uid]]}: use the next card."
    written = parse_card_text(scan.text) if scan.text else None
    if written is not None and written != (game.name, card_id):
        return f"That tag's own text says it is {scan.text!r}: use the right card, or rewrite the tag."
    known = store.lookup(scan.uid)
    if known is not None and known != (game.name, card_id) and not replace:
        known_game, known_card = known
        what = catalog.get(known_card, known_card) if known_game == game.name else f"a {known_game} card"
        return f"That tag is already enrolled as {what} (use --replace to enrol it again)."
    return ""
