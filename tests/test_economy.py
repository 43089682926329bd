"""The economy constructs of the card language: Power read and paid, action abilities, cost
changes and 'for the first time this turn'.

The example market set (examples/market-set) has a scenario per card in tests/scenarios/economy;
the tests here add the edges: what is refused and why, what never goes below zero, the limits,
and how the heuristic bot uses actions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding.scenario import build_game, fold, run_scenario, run_scenario_text, scenario_from_text
from lotr_rules.limits import MAX_ACTION_USES

ROOT = Path(__file__).resolve().parents[1]
PATH = 'path = ["Treebeard", "Lembas", "Edoras", "Elven Cloak", "Ents Awake"]\n'
MARKET = ROOT / "examples" / "market-set"
SCENARIOS = Path(__file__).parent / "scenarios" / "economy"


def _card(name: str, kind: str, *body: str, cost: int = 0) -> str:
    ident = fold(name).replace(" ", "-").replace("'", "")
    lines = "".join(f"  {line}\n" for line in body)
    return (
        f'card "{name}" {{\n  id {ident}\n  type {kind}\n  cost {cost}\n  provenance designed\n'
        f'  text "A test card."\n{lines}}}\n'
    )


def _compile(family: str, text: str) -> list[Diagnostic]:
    compiler = Compiler(vocabulary_for(family), "test.card")
    compiler.compile_card(parse_card(text))
    return compiler.diagnostics


def _codes(family: str, text: str) -> list[str]:
    return [d.code for d in _compile(family, text)]


@pytest.fixture(scope="module")
def test_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A set of cards the scenarios below play, next to The Two Towers."""
    folder = tmp_path_factory.mktemp("cards") / "economy-test"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "economy-test"\nname = "Economy tests"\nlanguage = 5\n')
    cards = {
        "Toll": _card("Toll", "maneuver", "play {", "  pay 3 power {", "    draw 1", "  }", "}"),
        "Drain": _card("Drain", "maneuver", "play {", "  -5 power", "}"),
        "Counting House": _card("Counting House", "maneuver", "play {", "  repeat power {", "    draw 1", "  }", "}"),
        "Open Pantry": _card("Open Pantry", "location", "action {", "  +1 power", "}"),
        "Great Sale": _card("Great Sale", "maneuver", "play {", "  all cards cost 9 less", "}"),
        "Warm Welcome": _card(
            "Warm Welcome",
            "maneuver",
            "play {",
            "  when you play an ally for the first time this turn {",
            "    +3 power",
            "  }",
            "}",
        ),
    }
    for name, text in cards.items():
        (folder / f"{fold(name).replace(' ', '-')}.card").write_text(text)
    return folder


def _scenario(folder: Path, body: str) -> str:
    return f'[game]\ncards = ["{folder}"]\nsets = ["two-towers", "economy-test"]\nplayers = 1\n{body}'


# ---------------------------------------------------------------------- the example set
SCENARIO_FILES = sorted(SCENARIOS.glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, "\n".join([f"scenario {path.name}:", *result.failures])


@pytest.mark.parametrize("card_id", sorted(p.stem for p in MARKET.glob("*.card")))
def test_every_example_card_has_a_scenario(card_id: str) -> None:
    files = [*SCENARIOS.glob(f"{card_id}.toml"), *SCENARIOS.glob(f"{card_id}--*.toml")]
    assert files, f"no scenario for examples/market-set/{card_id}.card"


def test_the_example_set_loads_clean() -> None:
    catalogue = load_sets((MARKET,))
    names = {card.name for card in catalogue.cards if card.set_code == "market-set"}
    assert len(names) == len(list(MARKET.glob("*.card")))


# ---------------------------------------------------------------------- Power
def test_paying_more_power_than_you_have_is_refused_and_logged(test_set: Path) -> None:
    text = _scenario(
        test_set,
        'power = 2\n[players.1]\nhand = ["Toll"]\ndeck = ["Courage"]\n[[do]]\nplay = "Toll"\n'
        '[expect]\npower = 2\nlog_contains = ["cannot pay 3 Power for Toll (has 2)"]\n'
        "[expect.players.1]\ndeck = 1\n",
    )
    result = run_scenario_text(text)
    assert result.passed, result.failures


def test_paying_exactly_what_you_have_runs_the_block(test_set: Path) -> None:
    text = _scenario(
        test_set,
        'power = 3\n[players.1]\nhand = ["Toll"]\ndeck = ["Courage"]\n[[do]]\nplay = "Toll"\n'
        '[expect]\npower = 0\nlog_contains = ["pays 3 Power for Toll"]\n[expect.players.1]\nhand = ["Courage"]\n',
    )
    result = run_scenario_text(text)
    assert result.passed, result.failures


def test_power_never_goes_below_zero(test_set: Path) -> None:
    text = _scenario(
        test_set, 'power = 3\n[players.1]\nhand = ["Drain"]\n[[do]]\nplay = "Drain"\n[expect]\npower = 0\n'
    )
    result = run_scenario_text(text)
    assert result.passed, result.failures


def test_power_is_read_as_a_number(test_set: Path) -> None:
    text = _scenario(
        test_set,
        'power = 2\n[players.1]\nhand = ["Counting House"]\ndeck = ["Courage", "Courage", "Despair"]\n'
        '[[do]]\nplay = "Counting House"\n[expect.players.1]\nhand = ["Despair", "Courage"]\ndeck = 1\n',
    )
    result = run_scenario_text(text)
    assert result.passed, result.failures


# ---------------------------------------------------------------------- cost changes
def test_a_cost_never_goes_below_zero(test_set: Path) -> None:
    text = _scenario(
        test_set,
        '[players.1]\nhand = ["Great Sale"]\n[shared]\n'
        + PATH
        + '[[do]]\nplay = "Great Sale"\n[[do]]\nbuy = "Treebeard"\n'
        '[expect]\npower = 0\nlog_contains = ["buys Treebeard for 0"]\noffered = ["buy Lembas (0)"]\n',
    )
    result = run_scenario_text(text)
    assert result.passed, result.failures


def test_cost_changes_last_only_this_turn(test_set: Path) -> None:
    scenario = scenario_from_text(
        _scenario(
            test_set,
            '[players.1]\nhand = ["Great Sale"]\n[shared]\n'
            + PATH
            + 'main_deck = ["Lembas", "Lembas", "Lembas", "Lembas", "Lembas"]\n',
        )
    )
    game = build_game(scenario)
    game.play_from_hand(0, game.z("hand", 0)[0])
    treebeard = next(c for c in game.z("path") if game.cards[c].name == "Treebeard")
    assert game.price(0, treebeard) == 0
    game.end_turn(0)
    assert game.price(0, treebeard) == game.cards[treebeard].cost


# ---------------------------------------------------------------------- first time this turn
def test_a_first_time_trigger_registered_by_an_effect(test_set: Path) -> None:
    text = _scenario(
        test_set,
        '[players.1]\nhand = ["Warm Welcome", "Riders of the Mark", "Riders of the Mark"]\n'
        '[[do]]\nplay = ["Warm Welcome", "Riders of the Mark", "Riders of the Mark"]\n[expect]\npower = 7\n',
    )
    result = run_scenario_text(text)  # 2 + 2 from the Riders, 3 from the first only
    assert result.passed, result.failures


# ---------------------------------------------------------------------- actions
def test_a_free_action_stops_at_the_limit(test_set: Path) -> None:
    scenario = scenario_from_text(_scenario(test_set, '[players.1]\nfront = ["Open Pantry"]\n'))
    game = build_game(scenario)
    pantry = game.z("front", 0)[0]
    for _ in range(MAX_ACTION_USES):
        assert any(o.value == ("use", pantry) for o in game.action_options(0))
        game.use_action(0, pantry)
    assert not any(o.value == ("use", pantry) for o in game.action_options(0))
    assert game.state.counters["power"] == MAX_ACTION_USES


def _bot_choice(game: object, player: int = 0) -> str:
    options = tuple(game.action_options(player))  # type: ignore[attr-defined]
    request = DecisionRequest(player, "action", "your move", options, -1, "")
    return options[HeuristicAgent().choose(game, request)].label  # type: ignore[arg-type]


def test_the_bot_uses_a_free_action_before_buying() -> None:
    scenario = scenario_from_text(
        '[game]\nsets = ["two-towers", "market-set"]\nplayers = 1\npower = 8\n'
        '[players.1]\nfront = ["Bag End"]\n[shared]\n' + PATH,
        extra_cards=[MARKET],
    )
    assert _bot_choice(build_game(scenario)) == "use Bag End"


def test_the_bot_pays_for_an_action_only_when_no_buy_is_worth_it() -> None:
    head = (
        '[game]\nsets = ["two-towers", "market-set"]\nplayers = 1\npower = 3\n'
        '[players.1]\nfront = ["The Prancing Pony"]\n'
    )
    worth_buying = scenario_from_text(head + '[shared]\npath = ["Westfold Men"]\n', extra_cards=[MARKET])
    assert _bot_choice(build_game(worth_buying)).startswith("buy Westfold Men")
    nothing = scenario_from_text(head, extra_cards=[MARKET])
    assert _bot_choice(build_game(nothing)) == "use The Prancing Pony (pay 2)"


def test_no_action_option_in_a_game_without_actions() -> None:
    scenario = scenario_from_text('[game]\nplayers = 1\npower = 3\n[players.1]\nhand = ["Lembas"]\n')
    game = build_game(scenario)
    assert not game._has_actions and not game._prices_change
    assert all(not (isinstance(o.value, tuple) and o.value[0] == "use") for o in game.action_options(0))


# ---------------------------------------------------------------------- what is refused
@pytest.mark.parametrize(
    ("body", "code"),
    [
        (("play {", "  attack each opponent {", "    pay 1 power {", "      draw 1", "    }", "  }", "}"), "E125"),
        (("play {", "  attack each opponent {", "    if power > 2 {", "      draw 1", "    }", "  }", "}"), "E125"),
        (("defense {", "  -1 power", "}"), "E125"),
        (("play {", "  at end of turn {", "    all allies cost 1 less", "  }", "}"), "E125"),
        (("at start of your turn for the first time this turn {", "  draw 1", "}"), "E126"),
        (("while in front of you {", "  draw 1", "}"), "E127"),
        (("while in front of you {", "  next ally costs 1 less", "}"), "E128"),
        (("play {", "  next allies costs 1 less for opponents", "}"), "E128"),
        (("play {", "  next alies costs 1 less", "}"), "E112"),
        (("play {", "  +(2 - power) power", "}"), "W215"),
        (("play {", "  pay -1 power {", "    draw 1", "  }", "}"), "W215"),
        (("play {", "  let N = 2 - number of cards in hand", "  all allies cost N less", "}"), "W216"),
        (("action {", "  draw 1", "}"), "W217"),
    ],
)
def test_misuses_are_refused_or_warned_at_the_word(body: tuple[str, ...], code: str) -> None:
    kind = "location"
    found = _codes("deckbuilding", _card("Probe", kind, *body))
    assert code in found, found


def test_guarded_power_loss_is_not_warned() -> None:
    body = ("play {", "  if power >= 3 {", "    -3 power", "    draw 2", "  }", "}")
    assert _codes("deckbuilding", _card("Probe", "maneuver", *body)) == []


def test_power_has_no_value_at_scoring() -> None:
    text = _card("Probe", "ally").replace("  provenance", "  victory power\n  provenance")
    assert "E125" in _codes("deckbuilding", text)


ADVENTURE = """card "Test" {
  id test
  type place
  aggression 1
  directions left 2 up 3
  provenance designed
  text "A test card."
"""


@pytest.mark.parametrize(
    "body",
    [
        ("effect {", "  pay 1 power {", "    skip effect", "  }", "}"),
        ("effect {", "  if power > 1 {", "    skip effect", "  }", "}"),
        ("effect {", "  -1 power", "}"),
        ("effect {", "  next enemy costs 1 less", "}"),
        ("action once per turn {", "  skip effect", "}"),
        ("while in front of you {", "  all enemies cost 1 less", "}"),
        ("when you draw an enemy for the first time this turn {", "  skip effect", "}"),
    ],
)
def test_the_adventure_deck_refuses_the_economy(body: tuple[str, ...]) -> None:
    text = ADVENTURE + "".join(f"  {line}\n" for line in body) + "}\n"
    assert "E119" in _codes("adventure-deck", text)
