"""Rulings of rulings.md that no chapter's tests already pin."""

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


def test_every_test_named_in_rulings_md_exists():
    """A ruling pinned by a test that was renamed or deleted pins nothing."""
    import ast
    import re
    from pathlib import Path

    root = Path(__file__).parent
    rulings = (root.parents[2] / "console" / "games" / "watch" / "rulings.md").read_text()
    defined = {
        path.stem: {
            node.name for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.FunctionDef)
        }
        for path in root.glob("test_watch_*.py")
    }
    cited: list[tuple[str, str]] = []
    for cell in re.findall(r"test_watch_\w+::test_\w+(?:, ::test_\w+)*", rulings):
        module = cell.split("::")[0]
        cited += [(module, name) for name in re.findall(r"::(test_\w+)", cell)]
    for cell in re.findall(r"(test_watch_\w+)::(test_\w+)", rulings):
        cited.append(cell)
    assert len(cited) > 50
    missing = sorted({f"{module}::{name}" for module, name in cited if name not in defined.get(module, {})})
    assert not missing, f"rulings.md cites tests that do not exist: {missing}"


def test_every_scenario_named_in_rulings_md_exists():
    import re
    from pathlib import Path

    root = Path(__file__).parents[3]
    rulings = (root / "console" / "games" / "watch" / "rulings.md").read_text()
    section = rulings.split("## Golden scenarios", 1)[1]
    named = set(re.findall(r"`(\w+)`", section))
    files = {path.stem for path in (root / "tests" / "scenarios" / "watch").glob("*.toml")}
    assert named and named <= files, sorted(named - files)
