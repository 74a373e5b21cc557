"""The terminal and the command line in the person's language: ``tabletop --language de`` (before
the command or after it), else this machine's ``$LANG``, else English. A game played in German
reads German prompts, headings, events and result; an error is one line in German or Spanish, with
no traceback; English where no language is chosen, as every other test reads it."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from console import i18n
from console.cli import build_parser, main
from console.games.core import CHANCE
from console.hub.views import event_json
from console.i18n.said import Said
from console.journal import Journal
from console.play import events_once, play_terminal, seat_bots, seat_speaker, show_turn
from console.table import Table

LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
# Every card a 3: each round is a War, so seat 1 chooses Battle or Retreat (a heading of the game's).
WARS = "deck=3 3 3 3 3 3"


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """This machine's locale, cleared: a test sets the variables it means."""
    for variable in LOCALE:
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


def play(
    journal: Path,
    args: list[str],
    answers: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    """``tabletop play`` in this process, its answers typed on a stdin that is no terminal."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    status = main(["--journal", str(journal), *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_german_machine_plays_in_german(
    tmp_path: Path, machine: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    machine.setenv("LANG", "de_DE.UTF-8")
    command = ["play", "wisteria", "--seed", "1", "-o", WARS, "--name", "1=Ana"]
    status, out, err = play(tmp_path / "j.db", command, "7\n1\nq\n", machine, capsys)
    assert status == 0 and err == "", err
    assert out.startswith("Tisch 1: Wizard of Wisteria: Mix-Up, 2 Spieler; du bist Ana (Platz 1); ")
    assert "\nAna (Platz 1) ist am Zug.\n" in out and "Deine Möglichkeiten:\n" in out
    assert "  Schlacht oder Rückzug:\n" in out, "the game's heading, from its catalog"
    assert "Wähle eine Nummer (q zum Aufhören): " in out
    assert "Bitte gib eine Nummer von 1 bis 2 ein." in out, "a choice that is not one"
    assert "  · Krieg! Ana und Bot 2 (normal) liegen gleichauf bei 3\n" in out, "the events' sentences"
    assert "  · Du hast Schlacht gewählt\n" in out
    assert out.endswith("Partie verlassen; setze sie fort mit: tabletop play --resume 1\n")
    for english in ("to act", "Your choices", "Choose a number", "Left the game", "War!"):
        assert english not in out, english


def test_the_terminal_says_in_german_the_sentences_a_german_page_shows(tmp_path: Path) -> None:
    """One wording in each language: each line of the terminal's log is the sentence the hub sends
    the pages (``said``), said in German with the seats' names."""
    names = {1: "Ana", 2: "Bot 2 (normal)"}
    with Journal(tmp_path / "j.db") as journal:
        table = Table.start(journal, "wisteria", 2, seed=1, options={"deck": "3 3 3 3 3 3"})
        answers = iter(["1", "1", "q"])
        out = io.StringIO()
        play_terminal(table, seat_bots(table, 1, -1, "normal"), lambda _: next(answers), out, names, "de")
    printed = [line.removeprefix("  · ") for line in out.getvalue().splitlines() if line.startswith("  · ")]
    german = seat_speaker(table.game, "de", names)
    sent = {
        id(logged.event): Said.from_json(event_json(n, logged, table.game)["said"])
        for n, logged in enumerate(table.log)
    }
    seen = events_once([logged.event for logged in table.log], 1, table.game.twin_kinds)
    assert printed == [german.render(sent[id(event)]) for event in seen]
    assert "Krieg! Ana und Bot 2 (normal) liegen gleichauf bei 3" in printed


@pytest.mark.parametrize(("name", "players"), [("wisteria", 2), ("wheels", 2), ("watch", 3)])
def test_every_word_of_a_turn_but_the_boards_comes_from_a_catalog(
    tmp_path: Path, name: str, players: int
) -> None:
    """In the pseudo-locale (every message of a catalog made long and bracketed, ⟦...⟧) a turn's
    heading, its "Your choices" and each group's heading are bracketed: none is English fixed in
    the terminal (the board's lines are the game's English, left out)."""
    with Journal(tmp_path / "j.db") as journal:
        table = Table.start(journal, name, players, seed=3)
        while table.state.to_act == (CHANCE,):
            table.submit(table.chance_action())
        out = io.StringIO()
        show_turn(table, 1, table.state.view(1), out, {}, i18n.PSEUDO)
    lines = out.getvalue().splitlines()
    choices = next(index for index, line in enumerate(lines) if "⟦" in line and index > 1)
    headings = [line for line in lines[choices:] if line.startswith("  ") and not line.startswith("   ")]
    said = [lines[1], lines[choices], *(line for line in headings if line.rstrip().endswith(":"))]
    assert len(said) >= 3 and all(line.strip().startswith("⟦") for line in said), said


def test_a_game_ends_in_spanish_with_its_result_and_scores(
    tmp_path: Path, machine: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["play", "wisteria", "--seed", "4", "-o", "deck=3 3 2 1", "--language", "es"]
    status, out, err = play(tmp_path / "j.db", command, "1\n" * 40, machine, capsys)
    assert status == 0 and err == "", err
    last = out.splitlines()[-1]
    assert last.startswith("Fin de la partida: ") and "; puntuaciones: Asiento 1 " in last, last
    assert "Bot 2 (normal) 0" in last and "Game over" not in out


def test_english_where_no_language_is_chosen_and_the_option_beats_the_machine(
    tmp_path: Path, machine: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j.db"
    for lang in (None, "C", "C.UTF-8", "POSIX", "fr_FR.UTF-8"):
        if lang is None:
            machine.delenv("LANG", raising=False)
        else:
            machine.setenv("LANG", lang)
        assert main(["--journal", str(journal), "replay", "9"]) == 2
        assert capsys.readouterr().err == "tabletop: there is no table 9 in the journal\n", lang
    machine.setenv("LANG", "de_DE.UTF-8")
    assert main(["--journal", str(journal), "--language", "en", "replay", "9"]) == 2
    assert capsys.readouterr().err == "tabletop: there is no table 9 in the journal\n"
    assert main(["--journal", str(journal), "replay", "9", "--language=es"]) == 2  # after the command too
    assert capsys.readouterr().err == "tabletop: no hay ninguna mesa 9 en el diario\n"


@pytest.mark.parametrize(
    ("language", "args", "said"),
    [
        ("de", ["play", "chess"], "tabletop: es gibt kein Spiel 'chess'; Spiele: watch, wheels, wisteria"),
        ("es", ["play", "chess"], "tabletop: no existe el juego 'chess'; juegos: watch, wheels, wisteria"),
        ("de", ["play"], "tabletop: nenne ein Spiel, etwa: tabletop play wisteria"),
        (
            "es",
            ["play", "wisteria", "--bots", "5"],
            "tabletop: --bots debe estar entre 0 y 1 para 2 jugadores, no 5",
        ),
        ("de", ["play", "--resume", "7"], "tabletop: im Journal gibt es keinen Tisch 7"),
        (
            "es",
            ["play", "wisteria", "-o", "deck"],
            "tabletop: la opción 'deck' debe tener la forma clave=valor",
        ),
        ("de", ["simulate", "wheels", "--games", "0"], "tabletop: --games muss mindestens 1 sein"),
        # a game's refusal, said with that game's catalog or the one every game shares
        (
            "de",
            ["play", "wisteria", "-o", "victory=nope"],
            "tabletop: die Option 'victory' muss eines von 'total_control', 'time_limit', 'power_score' "
            "sein, nicht 'nope'",
        ),
        ("es", ["play", "wheels", "--players", "3"], "tabletop: Wheels of War es para 2 jugadores, no 3"),
        (
            "de",
            ["play", "wisteria", "--name", "7=Ana"],
            ("tabletop: --name '7=Ana': an einem Tisch für 2 Spieler gibt es keinen Platz 7"),
        ),
    ],
)
def test_an_error_is_one_line_in_the_persons_language(
    tmp_path: Path,
    machine: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    language: str,
    args: list[str],
    said: str,
) -> None:
    machine.setenv("LANG", f"{language}_{language.upper()}.UTF-8")
    assert main(["--journal", str(tmp_path / "j.db"), *args]) == 2
    out, err = capsys.readouterr()
    assert err == said + "\n" and out == ""


def test_a_journal_refused_in_spanish_and_german(
    tmp_path: Path, machine: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "a-folder.db"
    folder.mkdir()
    assert main(["--language", "es", "--journal", str(folder), "games"]) == 2
    assert capsys.readouterr().err == (
        f"tabletop: {folder} es una carpeta, no un archivo de diario; indica la ruta de un archivo "
        "(--journal)\n"
    )
    not_ours = tmp_path / "notes.db"
    not_ours.write_bytes(b"x" * 10)
    assert main(["--language", "de", "--journal", str(not_ours), "games"]) == 2
    assert capsys.readouterr().err == (
        f"tabletop: {not_ours} ist nur 10 Bytes lang: abgeschnitten oder kein Journal; schieb die Datei "
        "beiseite oder wähle einen anderen Journal-Pfad\n"
    )


def test_a_language_the_console_does_not_speak_is_one_line(
    machine: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    machine.setenv("LANG", "de_DE.UTF-8")
    assert main(["--language", "tlh", "games"]) == 2
    assert capsys.readouterr().err == "tabletop: unbekannte Sprache 'tlh': wähle eine von en, de, es\n"
    # serve's --language is its table screen's too, and a game night is never refused over one
    assert main(["serve", "--language", "tlh", "--tls-port", "1"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "tabletop serve: unbekannte Sprache 'tlh': wähle eine von en, de, es (Englisch wird verwendet)",
        "tabletop: --tls-port ist der https-Port: gib --tls dazu an",
    ]


def test_the_help_is_in_the_language_asked_for() -> None:
    helped = build_parser("de").format_help()
    assert helped.startswith("Aufruf: tabletop ") and "Die Tabletop-Konsole." in helped
    assert "eine Partie im Terminal gegen Bots spielen" in helped and "Optionen:" in helped
    play_help = next(action for action in build_parser("es")._actions if action.dest == "command").choices[
        "play"
    ]  # type: ignore[index]
    assert "reanudar una partida sin terminar" in play_help.format_help()
    english = build_parser().format_help()  # where no language is chosen: as written
    assert english.startswith("usage: tabletop ") and "play a game in the terminal against bots" in english


@pytest.mark.slow
def test_a_german_error_from_the_installed_command_has_no_traceback(tmp_path: Path) -> None:
    """The real command, its language from the environment alone (a German machine)."""
    env = {"PATH": "/usr/bin:/bin", "LANG": "de_DE.UTF-8"}
    done = subprocess.run(
        [sys.executable, "-m", "console.cli", "--journal", str(tmp_path / "j.db"), "play", "--resume", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 2 and done.stderr == "tabletop: im Journal gibt es keinen Tisch 3\n", (
        done.stderr
    )
    assert i18n.system_language() == "en", "the tests' own language is untouched"
