"""``lotr-rules cards``: each family's cards under its own columns, never another family's."""

from __future__ import annotations

import json

import pytest

from lotr_rules.cli import main


def _tables(out: str) -> dict[str, list[list[str]]]:
    """The tables of a listing by heading: each a header row and card rows, split on two spaces."""
    tables: dict[str, list[list[str]]] = {}
    current: list[list[str]] = []
    for line in out.splitlines():
        if not line or line[0].isdigit():
            continue
        if "  " not in line and line.endswith(")"):
            current = tables.setdefault(line.rsplit(" (", 1)[0], [])
            continue
        current.append([cell.strip() for cell in line.split("  ") if cell.strip()])
    return tables


def test_a_listing_of_several_families_gives_each_its_own_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--type", "location"]) == 0
    tables = _tables(capsys.readouterr().out)
    assert set(tables) == {"Deck-building cards", "Card Game cards: encounter and quest cards"}
    deckbuilding, card_game = tables["Deck-building cards"], tables["Card Game cards: encounter and quest cards"]
    assert deckbuilding[0][:7] == ["name", "set", "deck", "type", "cost", "power", "victory"]
    # the Card Game's locations: threat and quest points, no cost, Power or Victory Points column
    assert {"threat", "quest-points"} <= set(card_game[0])
    assert not {"cost", "power", "victory", "deck"} & set(card_game[0])
    row = dict(zip(card_game[0], next(r for r in card_game if r[0] == "Old Forest Road"), strict=False))
    assert (row["threat"], row["quest-points"]) == ("1", "3")


def test_the_card_games_player_and_encounter_cards_are_listed_apart(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--set", "lcg-core"]) == 0
    tables = _tables(capsys.readouterr().out)
    player = tables["Card Game cards: player cards"]
    encounter = tables["Card Game cards: encounter and quest cards"]
    assert {"sphere", "cost", "threat-cost", "willpower", "attack", "hit-points"} <= set(player[0])
    assert "engagement-cost" not in player[0]
    assert {"engagement-cost", "threat", "attack", "defense-strength", "hit-points", "quest-points"} <= set(
        encounter[0]
    )
    assert not {"sphere", "cost", "threat-cost", "willpower"} & set(encounter[0])
    spider = dict(zip(encounter[0], next(r for r in encounter if r[0] == "Forest Spider"), strict=True))
    assert [spider[k] for k in ("engagement-cost", "threat", "attack", "defense-strength", "hit-points")] == [
        "25",
        "2",
        "2",
        "1",
        "4",
    ]
    aragorn = dict(zip(player[0], next(r for r in player if r[0] == "Aragorn"), strict=True))
    assert (aragorn["sphere"], aragorn["threat-cost"], aragorn["cost"]) == ("leadership", "12", "-")


def test_json_gives_each_card_its_familys_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--type", "enemy", "--format", "json"]) == 0
    rows = {(row["set"], row["name"]): row for row in json.loads(capsys.readouterr().out)}
    spider = rows[("lcg-core", "Forest Spider")]
    assert spider["family"] == "lcg" and spider["engagement-cost"] == 25 and spider["hit-points"] == 4
    assert not {"power", "victory", "cost", "sphere"} & set(spider)
    deckbuilding = next(row for (code, _), row in rows.items() if code == "two-towers")
    assert {"cost", "power", "victory"} <= set(deckbuilding)
