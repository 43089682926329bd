"""Scenario files of the Card Game: a table written by hand, steps to run on it, what must hold.

A file says ``family = "lcg"`` in its ``[game]`` table (``docs/scenarios.md`` is the guide):

* the state: ``[game]`` (players, seed, round, phase, first player, extra card folders), one
  ``[players.N]`` table per player (``threat`` and the zones ``play``, ``hand``, ``deck``,
  ``discard``, ``engaged``, ``removed``, ``captured``) and ``[shared]`` (``quest``,
  ``quest_deck``, ``completed_quests``, ``staging``, ``active``, ``encounter_deck``,
  ``encounter_discard``, ``victory``, ``set_aside``). A card is a name (``"Forest Spider*2"``) or
  a table that also gives its state: ``damage``, ``progress``, ``resources``, ``exhausted``,
  ``committed``, the cards ``attached`` to it and the ``shadow`` cards dealt to it. Every card
  named gets an instance; nothing else is in the game. Piles are written bottom first, as in
  every scenario file: **the last card written is the top card**.
* the steps: ``[[do]]`` tables, each one action (``play``, ``use``, ``window``, ``run_phase``,
  ``run_round``, ``advance_quest``, ``reveal``, ``damage``, ``progress``, ``destroy``) with the ``choices`` that
  answer the decisions it raises.
* ``[expect]``: the phase, the round, the end of the game, the log, what is offered, each
  player's threat and zones, the shared zones, and the state of named cards.

The game is an ordinary :class:`~lotr_rules.games.lcg.game.LcgGame` whose setup puts the cards
where the file says instead of shuffling decks: from the first step on, the rules run unchanged.
Reading a file is :mod:`~lotr_rules.games.lcg.scenario_format`; this module builds, runs and
checks it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.decisions import Agent, Option
from lotr_rules.engine.game import GameOver
from lotr_rules.errors import ConfigError, UserError
from lotr_rules.games.lcg import log as lcg_log
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import ENCOUNTER_TYPES, LcgCard, PlayerDeck
from lotr_rules.games.lcg.record import Scenario as QuestScenario
from lotr_rules.games.lcg.scenario_format import (
    CARD_KEYS,
    EXPECT_KEYS,
    EXPECT_TABLES,
    GAME_KEYS,
    IN_PLAY_KEYS,
    KEY_OF_ZONE,
    ORDERED,
    PLAYER_KEYS,
    PLAYER_ZONE_KEYS,
    SHARED_KEYS,
    SHARED_VIEW_KEYS,
    STEP_KEYS,
    TOKENS,
    ZONE_KEYS,
    LcgReader,
    LcgScenario,
    Step,
    is_lcg,
    load_scenario,
    scenario_from_data,
    scenario_from_text,
)
from lotr_rules.games.lcg.state import (
    ACTIVE,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    SHADOWS,
    STAGING,
)
from lotr_rules.scenario_files import (
    OFFER_KEYS,
    Check,
    ScenarioError,
    ScenarioResult,
    ScriptedAgent,
    StepFailed,
    check_lines,
    compress,
    log_checks,
    offer_checks,
    report_head,
    split_suffix,
    text_of,
    zone_check,
)


# ---------------------------------------------------------------------- building the game
class ScenarioGame(LcgGame):
    """The engine's game, unchanged, except that its setup lays out the file's table."""

    def __init__(self, layout: LcgScenario, config: LcgConfig, agents: Sequence[Agent]) -> None:
        #: the file's table, which setup lays out (set first: the engine's constructor sets up)
        self.layout = layout
        super().__init__(config, agents)

    def check_config(self, config: LcgConfig) -> None:
        """A table written by hand: any cards, in any number, wherever the file puts them."""
        if not 1 <= len(config.players) <= 4:
            raise ConfigError("the LCG is for 1 to 4 players")

    def _setup(self) -> None:
        layout = self.layout
        state = self.state
        state.first_player = layout.first_player
        state.turn = layout.round
        state.phase = layout.phase
        state.threat = list(layout.threat)
        instance = _instances(layout)
        for index, card in enumerate(layout.placed):
            me = instance[index]
            seat = card.seat
            if card.host >= 0:
                host = instance[card.host]
                if card.zone == SHADOWS:
                    state.shadow_of[me] = host
                else:
                    state.attached_to[me] = host
                    seat = _holder(layout, card.host)
            self.z(card.zone, seat).append(me)
            if card.damage:
                state.damage[me] = card.damage
            if card.progress or card.zone in (QUEST, ACTIVE):
                state.progress[me] = card.progress
            if card.resources is not None:
                state.resources[me] = card.resources
            elif self.records[me].type == "hero" and card.zone == PLAY:
                state.resources[me] = 0  # a hero in play has a resource pool, empty or not
            if card.exhausted:
                state.exhausted.add(me)
            if card.committed:
                state.committed.add(me)
        for zone in ORDERED:
            # the file writes the top card last; the engine keeps it first
            for key, cards in state.zones.items():
                if key[0] == zone:
                    cards.reverse()


def _holder(layout: LcgScenario, index: int) -> int:
    """The play area an attachment is in: its host's player's, or the first player's for a card
    on the encounter side (as the engine attaches to enemies and locations)."""
    host = layout.placed[index]
    while host.host >= 0 and host.zone == PLAY:
        host = layout.placed[host.host]
    return host.seat if host.seat >= 0 else layout.first_player


def _owner(layout: LcgScenario, index: int) -> int:
    """Who owns the card: the player whose table names it, for a player card (an attachment:
    its host's player); -1 for encounter and quest cards."""
    card = layout.placed[index]
    record = layout.records[card.name]
    if record.type in ENCOUNTER_TYPES or record.type == "quest":
        return -1
    return card.seat if card.host < 0 else _holder(layout, card.host)


def _instances(layout: LcgScenario) -> list[int]:
    """Each placed card's instance number, in the order the engine makes them: each player's
    cards, then quest cards, then encounter cards (see :class:`LcgGame`)."""
    order: list[tuple[int, int, int]] = []
    for index, card in enumerate(layout.placed):
        owner = _owner(layout, index)
        kind = layout.records[card.name].type
        group = owner if owner >= 0 else (layout.players if kind == "quest" else layout.players + 1)
        order.append((group, index, index))
    out = [0] * len(layout.placed)
    for instance, (_group, _position, index) in enumerate(sorted(order)):
        out[index] = instance
    return out


def build_game(scenario: LcgScenario, agent: Agent | None = None) -> ScenarioGame:
    """The file's table as a game: one instance per card named, every other zone empty."""
    decks: list[list[LcgCard]] = [[] for _ in range(scenario.players)]
    quest: list[LcgCard] = []
    encounter: list[LcgCard] = []
    instance = _instances(scenario)
    for index, card in sorted(enumerate(scenario.placed), key=lambda pair: instance[pair[0]]):
        record = scenario.records[card.name]
        owner = _owner(scenario, index)
        if owner >= 0:
            decks[owner].append(record)
        elif record.type == "quest":
            quest.append(record)
        else:
            # one instance each: the engine makes ``copies`` of an encounter record
            encounter.append(attrs.evolve(record, copies=1))
    config = LcgConfig(
        scenario=QuestScenario(scenario.title or "scenario", tuple(quest), tuple(encounter)),
        players=tuple(PlayerDeck((), tuple(deck)) for deck in decks),
        seed=scenario.seed,
        first_player=scenario.first_player,
        mulligan=False,
    )
    seat: Agent = agent if agent is not None else ScriptedAgent()
    try:
        return ScenarioGame(scenario, config, [seat] * scenario.players)
    except UserError as error:
        raise ScenarioError(scenario.path, "setting up the table", str(error)) from None


# ---------------------------------------------------------------------- running
def run_scenario(
    path: Path | str, *, extra_cards: Sequence[Path] = (), catalogue: Catalogue | None = None
) -> ScenarioResult:
    """Load, run and check a Card Game scenario file. Raises :class:`ScenarioError` for a bad file."""
    return run(load_scenario(path, extra_cards=extra_cards, catalogue=catalogue))


def run_scenario_text(text: str, name: str = "<scenario>", *, catalogue: Catalogue | None = None) -> ScenarioResult:
    return run(scenario_from_text(text, name, catalogue=catalogue))


def run(scenario: LcgScenario) -> ScenarioResult:
    agent = ScriptedAgent()
    game = build_game(scenario, agent)
    failures: list[str] = []
    run_count = 0
    completed = True
    for step in scenario.steps:
        if game.state.finished:
            failures.append(
                f"step {step.number} ({step.label}) was not run: the game had ended ({game.state.result['reason']})"
            )
            completed = False
            break
        agent.begin(step)
        try:
            _perform(game, step)
        except GameOver:
            pass
        except StepFailed as failed:
            failures.append(f"step {step.number} ({step.label}): {failed}")
            completed = False
        except UserError as error:
            failures.append(f"step {step.number} ({step.label}): the engine stopped: {error}")
            completed = False
        run_count += 1
        if not completed:
            break
        unused = agent.leftover()
        if unused:
            failures.append(
                f"step {step.number} ({step.label}): {len(unused)} answer(s) not asked for: "
                + ", ".join(a.describe() for a in unused)
                + " (a decision with a single option is taken without asking)"
            )
    log = tuple(lcg_log.lines(game.state.log))
    checks: list[Check] = [_conservation(game)]
    if completed:
        checks.extend(_evaluate(game, scenario, log))
    else:
        checks.append(Check("expectations", False, "not checked: the steps did not all run"))
    failures.extend(f"{c.label}: {c.detail}" for c in checks if not c.ok and c.label != "expectations")
    return ScenarioResult(
        path=scenario.path,
        title=scenario.title,
        failures=tuple(failures),
        checks=tuple(checks),
        state=state_view(game),
        log=log,
        decisions=tuple(agent.transcript),
        steps_run=run_count,
        steps_total=len(scenario.steps),
    )


def _perform(game: ScenarioGame, step: Step) -> None:
    action = step.action
    player = step.player
    if action == "play":
        _play(game, player, step.card, step.target)
    elif action == "use":
        options = triggers.action_options(game, player) if triggers.has_actions(game) else []
        chosen = [cast(tuple[str, int, int], o.value) for o in options]
        chosen = [value for value in chosen if game.card_name(value[1]) == step.card]
        if not chosen:
            shown = ", ".join(o.label for o in options) or "none"
            raise StepFailed(f"player {player + 1} is offered no action of {step.card}; the actions offered: {shown}")
        game.begin_action()
        triggers.use_action(game, player, chosen[0][1], chosen[0][2])
    elif action == "window":
        game.action_window(step.target)
    elif action == "run_phase":
        game.run_phase(step.target)
    elif action == "run_round":
        game.play_round()
    elif action == "advance_quest":
        # the next stage of the quest deck is revealed, its setup ('when revealed') done
        game.advance_quest()
    elif action == "reveal":
        game.begin_action()
        for _ in range(step.amount):
            game.reveal_encounter(player)
    else:
        card = _in_play(game, step.card)
        game.begin_action()
        if action == "damage":
            game.deal_damage(card, step.amount)
        elif action == "progress":
            game.progress_on(card, step.amount)
        else:
            game.destroy(card)
        game.check_lethal()


def _play(game: ScenarioGame, player: int, name: str, host: str) -> None:
    """Play a card from hand exactly as the engine does, if it offers it now."""
    options = game.playable(player, planning=game.state.phase == "planning")
    for option in options:
        card, target = cast(tuple[int, int], option.value)
        if game.card_name(card) == name and (not host or (target >= 0 and game.card_name(target) == host)):
            game.begin_action()
            game.play(player, card, target)
            return
    hand = [game.card_name(c) for c in game.z(HAND, player)]
    if name not in hand:
        raise StepFailed(f"player {player + 1} has no {name} in hand; the hand holds {_show(hand)}")
    offered = ", ".join(o.label for o in options) or "nothing"
    raise StepFailed(f"the engine does not offer to play {name} now; it offers: {offered}")


def _in_play(game: LcgGame, name: str) -> int:
    for card in _named(game, name):
        if game.locate(card)[0] in (PLAY, ENGAGED, STAGING, ACTIVE, QUEST):
            return card
    raise StepFailed(f"there is no {name} in play")


def _named(game: LcgGame, name: str) -> list[int]:
    return [c for c in range(len(game.records)) if game.card_name(c) == name]


def _show(names: Sequence[str]) -> str:
    return "[" + ", ".join(compress(sorted(names))) + "]" if names else "nothing"


# ---------------------------------------------------------------------- the resulting state
def _zone_names(game: LcgGame, zone: str, seat: int) -> list[str]:
    """A zone's card names, bottom first as the file writes them."""
    names = [game.card_name(c) for c in game.z(zone, seat)]
    return names[::-1] if zone in ORDERED else names


def _card_state(game: LcgGame, card: int) -> dict[str, Any]:
    state = game.state
    out: dict[str, Any] = {}
    for key, tokens in (("damage", state.damage), ("progress", state.progress), ("resources", state.resources)):
        if tokens.get(card):
            out[key] = tokens[card]
    if card in state.exhausted:
        out["exhausted"] = True
    if card in state.committed:
        out["committed"] = True
    attached = [game.card_name(a) for a in game.attachments(card)]
    if attached:
        out["attached"] = compress(attached)
    return out


def state_view(game: LcgGame) -> dict[str, Any]:
    """The state as JSON-able data, in the file's own terms: zones bottom first, players from 1,
    and the tokens and attachments of each card in play that has any."""
    state = game.state
    players: dict[str, Any] = {}
    for seat in range(state.num_players):
        view: dict[str, Any] = {"threat": state.threat[seat], "eliminated": state.eliminated[seat]}
        for key, zone in PLAYER_ZONE_KEYS.items():
            view[key] = compress(_zone_names(game, zone, seat))
        players[str(seat + 1)] = view
    shared = {key: compress(_zone_names(game, zone, -1)) for key, zone in SHARED_VIEW_KEYS.items()}
    cards: dict[str, Any] = {}
    for key in IN_PLAY_KEYS:
        zone = ZONE_KEYS[key]
        seats = range(state.num_players) if key in PLAYER_ZONE_KEYS else (-1,)
        for seat in seats:
            for card in game.z(zone, seat):
                facts = _card_state(game, card)
                if facts:
                    label = game.card_name(card)
                    number = 2
                    while label in cards:
                        label, number = f"{game.card_name(card)} #{number}", number + 1
                    cards[label] = facts
    result = dict(state.result)
    return {
        "game": {
            "players": state.num_players,
            "round": state.turn,
            "phase": state.phase,
            "first_player": state.first_player + 1,
            "game_over": state.finished,
            "result": result,
        },
        "players": players,
        "shared": shared,
        "cards": cards,
    }


# ---------------------------------------------------------------------- checking expectations
def _conservation(game: LcgGame) -> Check:
    seen = Counter(c for cards in game.state.zones.values() for c in cards)
    twice = sorted({game.card_name(c) for c, n in seen.items() if n > 1})
    lost = sorted({game.card_name(c) for c in range(len(game.records)) if c not in seen})
    label = "every card is in exactly one place"
    if twice or lost:
        parts = [
            f"in two places at once: {', '.join(twice)}" if twice else "",
            f"lost: {', '.join(lost)}" if lost else "",
        ]
        return Check(label, False, "; ".join(p for p in parts if p))
    return Check(label, True)


def offered(game: LcgGame, player: int) -> list[str]:
    """What the player would be offered in an action window now (in the planning phase, the
    allies and attachments they may play too)."""
    if game.state.finished or game.state.eliminated[player]:
        return []
    options: list[Option] = game.playable(player, planning=game.state.phase == "planning")
    if triggers.has_actions(game):
        options += triggers.action_options(game, player)
    return [o.label for o in options]


def _evaluate(game: LcgGame, scenario: LcgScenario, log: Sequence[str]) -> list[Check]:
    expect = scenario.expect
    reader = LcgReader(scenario.path)
    reader.know(scenario.names)
    state = game.state
    checks: list[Check] = []

    def same(label: str, expected: object, actual: object) -> None:
        ok = expected == actual
        checks.append(Check(f"{label} is {text_of(expected)}", ok, "" if ok else f"it is {text_of(actual)}"))

    if "phase" in expect:
        same("the phase", expect["phase"], state.phase)
    if "round" in expect:
        same("the round", expect["round"], state.turn)
    if "first_player" in expect:
        same("the first player", expect["first_player"], state.first_player + 1)
    if "game_over" in expect:
        same("game_over", expect["game_over"], state.finished)
    if "reason" in expect:
        same("the game's end reason", expect["reason"], state.result.get("reason", "(the game has not ended)"))
    checks.extend(log_checks(reader, expect, log))
    if any(key in expect for key in OFFER_KEYS):
        checks.extend(offer_checks(reader, expect, offered(game, state.first_player)))
    for number, table in expect.get("players", {}).items():
        seat = int(number) - 1
        for key, value in table.items():
            label = f"players.{number}.{key}"
            if key == "threat":
                same(label, value, state.threat[seat])
            elif key == "eliminated":
                same(label, value, state.eliminated[seat])
            elif key in OFFER_KEYS:
                for check in offer_checks(reader, {key: value}, offered(game, seat)):
                    checks.append(attrs.evolve(check, label=f"to player {number}, {check.label}"))
            else:
                zone_key, suffix = split_suffix(key)
                names = _zone_names(game, PLAYER_ZONE_KEYS[zone_key], seat)
                checks.append(zone_check(reader, f"players.{number}.{zone_key}", suffix, value, names))
    for key, value in expect.get("shared", {}).items():
        zone_key, suffix = split_suffix(key)
        names = _zone_names(game, SHARED_VIEW_KEYS[zone_key], -1)
        checks.append(zone_check(reader, f"shared.{zone_key}", suffix, value, names))
    for text, table in expect.get("cards", {}).items():
        checks.extend(_card_checks(game, reader, reader.card_name(text, ""), table))
    return checks


def _card_checks(game: LcgGame, reader: LcgReader, name: str, table: Mapping[str, Any]) -> list[Check]:
    """Checks of one named card: the first copy in play, else the first copy anywhere."""
    named = _named(game, name)
    if not named:
        return [
            Check(f"{name}: {key} is {text_of(value)}", False, "it is not in the game") for key, value in table.items()
        ]
    in_play = [c for c in named if game.locate(c)[0] in (PLAY, ENGAGED, STAGING, ACTIVE, QUEST)]
    card = (in_play or named)[0]
    where, seat = game.locate(card)
    state = game.state
    checks: list[Check] = []

    def same(key: str, expected: object, actual: object) -> None:
        ok = expected == actual
        label = f"{name}: {key} is {text_of(expected)}"
        checks.append(Check(label, ok, "" if ok else f"it is {text_of(actual)}"))

    for key, value in table.items():
        if key == "zone":
            same(key, value, KEY_OF_ZONE.get(where, where))
        elif key == "controller":
            same(key, value, seat + 1 if seat >= 0 else 0)
        elif key == "in_play":
            same(key, value, bool(in_play))
        elif key == "damage":
            same(key, value, state.damage.get(card, 0))
        elif key == "progress":
            same(key, value, state.progress.get(card, 0))
        elif key == "resources":
            same(key, value, state.resources.get(card, 0))
        elif key == "exhausted":
            same(key, value, card in state.exhausted)
        elif key == "committed":
            same(key, value, card in state.committed)
        elif key == "attached_to":
            host = state.attached_to.get(card, -1)
            same(key, reader.card_name(value, ""), game.card_name(host) if host >= 0 else "nothing")
        else:  # attached
            attached = [game.card_name(a) for a in game.attachments(card)]
            checks.append(zone_check(reader, f"{name}: attached", "", value, attached))
    return checks


# ---------------------------------------------------------------------- the readable report
def render_report(result: ScenarioResult, *, show_log: bool = True) -> list[str]:
    """What ``lotr-rules scenario`` prints for a Card Game file without ``--json``."""
    state = result.state
    game = state["game"]
    status = f"round {game['round']}, {game['phase']} phase, player {game['first_player']} is the first player"
    lines = report_head(result, status, show_log=show_log)
    for number, view in state["players"].items():
        parts = [f"{key} [{', '.join(view[key])}]" for key in PLAYER_ZONE_KEYS if view[key]]
        out = " (eliminated)" if view["eliminated"] else ""
        lines.append(f"  player {number}{out}, threat {view['threat']}: " + ("; ".join(parts) or "no cards"))
    shared = state["shared"]
    parts = [f"{key} [{', '.join(shared[key])}]" for key in SHARED_VIEW_KEYS if shared.get(key)]
    lines.append("  shared: " + ("; ".join(parts) or "no cards"))
    for name, facts in state["cards"].items():
        said = [f"{key} {value}" for key, value in facts.items() if key in TOKENS]
        said += [key for key in ("exhausted", "committed") if facts.get(key)]
        if "attached" in facts:
            said.append("with " + ", ".join(facts["attached"]))
        lines.append(f"  {name}: " + ", ".join(said))
    lines.extend(check_lines(result))
    return lines


__all__ = [
    "CARD_KEYS",
    "EXPECT_KEYS",
    "EXPECT_TABLES",
    "GAME_KEYS",
    "PLAYER_KEYS",
    "SHARED_KEYS",
    "STEP_KEYS",
    "LcgScenario",
    "ScenarioGame",
    "build_game",
    "is_lcg",
    "load_scenario",
    "offered",
    "render_report",
    "run",
    "run_scenario",
    "run_scenario_text",
    "scenario_from_data",
    "scenario_from_text",
    "state_view",
]
