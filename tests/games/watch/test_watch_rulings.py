"""Rulings of rulings.md that no chapter's tests already pin."""

import ast
import re
from pathlib import Path

from watch_table import Table


def test_a_city_demoted_when_its_ruler_holds_five_settlements_is_destroyed_instead():
    t = Table(2)
    t.state.settlements[2] = 5
    t.road(1, "i21", "i26")
    t.army(1, "i21", 3, active=True)
    t.do("1:strike i21 i26")
    assert t.piece("i26") == (0, 0) and t.state.cities[2] == 0 and t.state.settlements[2] == 5


def test_the_ruler_who_breaks_an_alliance_may_attack_the_ex_ally_the_same_turn():
    t = Table(2)
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")  # seat 2's army stands on its own network: it is not stranded by the break
    t.army(1, "i19", 3, active=True)
    t.army(2, "i25", 1)
    t.do("1:offer 2", "2:accept")
    assert "1:strike i19 i25" not in t.legal()
    t.do("1:break 2", "1:strike i19 i25")
    assert t.stack("i25") is None


def test_an_army_may_not_stop_where_an_ally_stands_but_may_pass_through():
    t = Table(2)
    t.do("1:offer 2", "2:accept")
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")
    t.army(2, "i25", 1)
    t.army(1, "i19", 2, active=True)
    moves = [a for a in t.legal() if a.startswith("1:move i19")]
    assert "1:move i19 i25" not in moves and "1:move i19 i31" in moves


def test_an_opponent_is_any_other_ruler_but_an_enemy_is_one_you_are_not_allied_with():
    t = Table(2)
    t.hand(1, "w-decimation", "w-intrigue")
    t.army(2, "i26", 3, active=True)
    t.do("1:offer 2", "2:accept")
    assert "1:play w-decimation i26" in t.legal()
    assert not any(a.startswith("1:play w-intrigue") for a in t.legal())


def test_stacked_decks_are_named_by_number_or_by_name():
    by_number = Table(2, decks={3: ["p-spy"]}, found=False).state.decks["politics"]
    by_name = Table(2, decks={"politics": ["p-spy"]}, found=False).state.decks["politics"]
    assert by_number.top == by_name.top == ["p-spy"] and len(by_number) == 22


RULINGS = Path(__file__).parents[3] / "console" / "games" / "watch" / "rulings.md"
FUNCTION = ast.FunctionDef
ROW = re.compile(r"^\| ([^|]+) \| (.+) \| (.+) \| (.+) \|$")


def ruling_rows() -> list[tuple[str, str]]:
    """(ruling id, tests cell) of every row of every table in rulings.md."""
    rows = []
    for line in RULINGS.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match and match[1] != "Ruling" and not match[1].startswith("---"):
            rows.append((match[1], match[4]))
    return rows


def test_every_ruling_row_has_one_unique_id_and_names_a_test_or_scenario():
    rows = ruling_rows()
    assert len(rows) > 60
    ids = [rid for rid, _ in rows]
    assert all(re.fullmatch(r"[PR]-\d+", rid) for rid in ids), [rid for rid in ids if "-" not in rid]
    assert len(set(ids)) == len(ids), sorted(rid for rid in ids if ids.count(rid) > 1)
    for rid, tests in rows:
        assert re.search(r"`(\w+\.py::)?test_\w+`|`\w+\.toml`", tests), f"{rid} names no test"


def test_every_test_and_scenario_a_ruling_names_exists():
    """A ruling pinned by a test that was renamed or deleted pins nothing."""
    here = Path(__file__).parent
    defined = {
        path.name: {node.name for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, FUNCTION)}
        for path in here.glob("test_*.py")
    }
    everywhere = set().union(*defined.values())
    scenarios = {path.name for path in (here.parents[1] / "scenarios" / "watch").glob("*.toml")}
    missing = []
    for rid, tests in ruling_rows():
        for name in re.findall(r"`([^`]+)`", tests):
            file, _, test = name.rpartition("::")
            if name.endswith(".toml"):
                found = name in scenarios
            else:
                found = test in (defined.get(file, set()) if file else everywhere)
            if not found:
                missing.append(f"{rid}: {name}")
    assert not missing, f"rulings.md names tests that do not exist: {missing}"
