"""The verdict of the strategy figures page (docs/lcg-figures.md): whether the bot's results rank
the core set's scenarios from the easiest to the hardest, told apart by the first measure on
which two scenarios differ by more than chance."""

from __future__ import annotations

from lotr_rules.docgen.lcg_figures import Standing, verdict

TITLES = ["Easy", "Middle", "Hard"]


def standing(won: float, left: float, rounds: float, games: int = 1000) -> Standing:
    return Standing(won=won, left_first_stage=left, rounds=rounds, games=games)


def test_scenarios_ranked_by_wins_then_by_the_first_stage_left() -> None:
    text = "\n".join(verdict(TITLES, [standing(0.10, 0.4, 8), standing(0.0, 0.05, 5), standing(0.0, 0.0, 3)]))
    assert "rank the scenarios in the order players know" in text
    assert "Easy comes out easier than Middle: won more often (10% against 0%)" in text
    assert "Middle comes out easier than Hard: won about as rarely, but the bot leaves" in text


def test_a_handful_of_games_in_a_thousand_is_no_difference() -> None:
    """0.3% against 0.6% of a thousand games is chance: the rounds decide, and here they put the
    harder scenario first, so the order does not show."""
    text = "\n".join(verdict(TITLES[1:], [standing(0.0, 0.003, 3.0), standing(0.0, 0.006, 4.5)]))
    assert "do not rank the scenarios" in text
    assert "Hard comes out easier than Middle, against the players' order (3.0 rounds against 4.5 rounds)" in text


def test_scenarios_alike_on_every_measure_cannot_be_told_apart() -> None:
    text = "\n".join(verdict(TITLES[:2], [standing(0.0, 0.0, 4.0), standing(0.0, 0.001, 4.2)]))
    assert "Easy and Middle cannot be told apart" in text and "do not rank" in text


def test_one_scenario_has_no_order() -> None:
    assert "no order to compare" in verdict(TITLES[:1], [standing(0.1, 0.2, 5)])[0]
