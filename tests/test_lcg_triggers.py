"""Triggered abilities, cancelling, attachments on any legal host and action windows of the LCG,
one rule per test, citing where it comes from: "RR" is the publisher's published Rules Reference
(entry named), "seed" the core set rulebook in the specification (section named). The cards are
the test-only records of lcg_fixtures (its "cards with triggered abilities" part)."""

from __future__ import annotations

import pytest
from lcg_fixtures import (
    DECK_A,
    HOUND,
    TRIGGER_DECK_A,
    TRIGGER_DECK_B,
    TRIGGER_DECKS,
    TRIGGER_SCENARIO,
    Scripted,
    by_label,
    heuristic,
    trigger_config,
)
from lcg_table import Answer, clear_staging, labels, put, stack, table

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import GameOver
from lotr_rules.errors import ConfigError, ScriptBudgetError
from lotr_rules.games.lcg import combat
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.record import POINTS, LcgCard, LcgEvent, PlayerDeck, Trigger
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DECK,
    DISCARD,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    STAGING,
)
from lotr_rules.games.lcg.triggers import MAX_DEPTH


def respond(request: DecisionRequest) -> int | None:
    """Use every Response offered; pass everything else."""
    return 1 if request.kind == "response" else None


def tgame(players: int = 1, answer: Answer | None = None, decks: tuple[PlayerDeck, ...] = ()) -> LcgGame:
    """A game of the trigger fixtures after setup, with empty hands and an empty staging area."""
    game = table(players, answer, scenario=TRIGGER_SCENARIO, decks=decks or TRIGGER_DECKS[:players])
    for player in range(players):
        for card in list(game.z(HAND, player)):
            game.move(card, DECK, player)
    clear_staging(game)
    return game


def asked(game: LcgGame, player: int = 0) -> list[DecisionRequest]:
    agent = game.agents[player]
    assert isinstance(agent, Scripted)
    return agent.asked


def entries(game: LcgGame, kind: str) -> list[tuple[object, ...]]:
    return [entry for entry in game.state.log if entry[0] == kind]


# ---------------------------------------------------------------------- Forced and Response


def test_a_forced_effect_resolves_by_itself() -> None:
    """RR "Forced": a Forced effect resolves automatically when its condition occurs; nobody is
    asked. (The enemy raises the threat of the player it engages.)"""
    game = tgame()
    hound = put(game, "Test Hound", STAGING)
    before = game.state.threat[0]
    combat.engage(game, 0, hound)
    assert game.state.threat[0] == before + 1
    assert entries(game, "forced effect") == [("forced effect", 0, "Test Hound", HOUND.triggers[0].text)]
    assert not [r for r in asked(game) if r.kind == "response"]


def test_a_response_is_offered_to_its_controller_and_may_be_declined() -> None:
    """RR "Responses": a Response may be used, at its controller's option, after its triggering
    condition. (The ally gets +1 willpower after it commits to the quest.)"""
    for use, willpower in ((True, 2), (False, 1)):

        def answer(request: DecisionRequest, use: bool = use) -> int | None:
            if request.kind == "commit":
                return by_label(request, "Test Watchman")
            if request.kind == "response":
                return 1 if use else 0
            return None

        game = tgame(1, answer)
        for hero in game.heroes(0):
            game.state.exhausted.add(hero)  # only the ally quests
        put(game, "Test Watchman", PLAY, 0)
        stack(game, "Test Relic")  # no threat revealed
        game.run_phase("quest")
        responses = [r for r in asked(game) if r.kind == "response"]
        assert len(responses) == 1 and labels(responses[0]) == ["pass", "Test Watchman: +1 willpower this phase"]
        assert entries(game, "quest resolution") == [("quest resolution", willpower, 0)]


def test_forced_effects_resolve_before_responses_and_each_ability_answers_once() -> None:
    """RR "Forced" (Forced effects triggered by a condition resolve before Responses to it) and
    "Triggered Abilities" (an ability answers one occurrence of its condition at most once)."""

    def draw(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        game.draw(player, 1)

    lookout = LcgCard(
        "Test Lookout",
        "ally",
        sphere="leadership",
        cost=1,
        hit_points=1,
        triggers=(Trigger("engaged", draw, text="draw a card"),),
    )
    deck = PlayerDeck(heroes=TRIGGER_DECK_A.heroes, deck=(lookout, *TRIGGER_DECK_A.deck[:10]))
    game = tgame(1, respond, decks=(deck,))
    put(game, "Test Lookout", PLAY, 0)
    combat.engage(game, 0, put(game, "Test Hound", STAGING))
    used = [e[0] for e in game.state.log if e[0] in ("forced effect", "response")]
    assert used == ["forced effect", "response"]
    assert len([r for r in asked(game) if r.kind == "response"]) == 1  # not offered again
    assert len(game.z(HAND, 0)) == 1


def test_a_forced_effect_at_the_beginning_of_a_phase() -> None:
    """RR "Framework Events" / "Forced": "at the beginning of the quest phase" abilities resolve as
    the phase begins, before anything else in it. (The active location raises every threat.)"""
    game = tgame(2)
    put(game, "Test Mire", ACTIVE)
    before = game.state.threat[:]
    game.run_phase("travel")
    assert game.state.threat == before
    game.run_phase("quest")
    start = game.state.log.index(("phase", "quest"))
    forced, *threats = game.state.log[start + 1 : start + 4]
    assert forced[:3] == ("forced effect", 0, "Test Mire")
    assert threats == [("threat", 0, 1, before[0] + 1), ("threat", 1, 1, before[1] + 1)]


def test_a_leaving_play_ability_answers_after_the_card_left_play() -> None:
    """RR "Leaves Play" / "Forced": an enemy's "when defeated" ability resolves although the enemy
    is no longer in play. (The defeated enemy lets the first player draw.)"""
    game = tgame()
    hound = put(game, "Test Hound", ENGAGED, 0)
    game.deal_damage(hound, 5)
    assert hound in game.z(ENCOUNTER_DISCARD)
    assert entries(game, "forced effect")[-1][2] == "Test Hound"
    assert len(game.z(HAND, 0)) == 1


# ---------------------------------------------------------------------- cancel and instead


def test_cancelling_a_when_revealed_effect_resolves_before_it() -> None:
    """RR "Cancel": a cancel ability resolves before the effect it cancels, which then does
    nothing; the cancelled card is still revealed and a treachery still goes to the discard pile.
    An event's Response is played from hand and paid for (seed "Event Cards")."""
    game = tgame(1, respond, decks=(TRIGGER_DECK_B,))
    sage = game.heroes(0)[0]  # the lore hero
    ward = put(game, "Test Ward", HAND, 0)
    game.state.resources[sage] = 1
    before = game.state.threat[0]
    (grasp,) = stack(game, "Test Grasp")
    game.reveal_encounter(0)
    assert game.state.threat[0] == before
    assert ward in game.z(DISCARD, 0) and grasp in game.z(ENCOUNTER_DISCARD)
    assert game.state.resources[sage] == 0
    kinds = [e[0] for e in game.state.log]
    assert kinds.index("response") < kinds.index("cancelled")
    # Without the resources to pay for it, the Response is not offered.
    game.move(ward, HAND, 0)
    stack(game, "Test Grasp")
    game.reveal_encounter(0)
    assert game.state.threat[0] == before + 1
    assert len([r for r in asked(game) if r.kind == "response"]) == 1


def test_cancelling_a_shadow_effect() -> None:
    """RR "Cancel" and "Shadow Cards": a cancelled shadow effect does nothing; the attack goes on.
    (The shadow card would give the attacker +2 attack.)"""
    damage = []
    for use in (True, False):
        game = tgame(1, respond if use else None)
        archer = game.heroes(0)[1]  # the tactics hero pays
        game.state.resources[archer] = 1
        put(game, "Test Deflect", HAND, 0)
        brute = put(game, "Test Brute", ENGAGED, 0)
        stack(game, "Test Glade")
        combat.deal_shadow_cards(game)
        combat.enemy_attack(game, 0, brute)
        damage.append(sum(int(str(e[2])) for e in entries(game, "damage")))
    assert damage == [3, 5]


def test_cancelling_damage_and_taking_it_instead() -> None:
    """RR "Cancel" and "Damage": a Response to damage about to be dealt may cancel it, or have
    another card take it instead; a once-per-round ability is not offered again in the round
    (RR "Limits"), and is once the round is over."""
    game = tgame(1, respond)
    seer = game.heroes(0)[2]  # the spirit hero pays for the event
    game.state.resources[seer] = 1
    oath = put(game, "Test Oath", HAND, 0)
    warden = game.heroes(0)[0]
    game.deal_damage(warden, 2)
    assert warden not in game.state.damage and oath in game.z(DISCARD, 0)
    friend = put(game, "Test Shield-Friend", PLAY, 0)
    game.deal_damage(warden, 2)
    assert game.state.damage == {friend: 2}
    game.deal_damage(warden, 1)  # once per round: the hero takes this one
    assert game.state.damage == {friend: 2, warden: 1}
    assert game.state.used == {(friend, 0): "round"}
    game.run_phase("travel")
    assert game.state.used == {(friend, 0): "round"}  # a phase's end does not end a round's limit


def test_limits_end_with_the_round() -> None:
    """RR "Limits": "once per round" ends with the round, whatever happened in it."""
    game = tgame(1)
    steward = game.heroes(0)[0]
    game.state.used[(steward, 0)] = "round"
    game.state.used[(game.heroes(0)[1], 0)] = "phase"
    try:
        game.play_round()
    except GameOver:
        pytest.fail("the round should not end the game")
    assert (steward, 0) not in game.state.used


# ---------------------------------------------------------------------- attachments


def test_attachments_may_go_on_other_players_characters_enemies_and_locations() -> None:
    """RR "Attachment Cards": an attachment goes on the card its text names, which may be another
    player's character, an enemy or a location; its effects apply to its host."""
    game = tgame(2)
    for hero in game.heroes(0) + game.heroes(1):
        game.state.resources[hero] = 5
    gift = put(game, "Test Gift", HAND, 0)
    snare = put(game, "Test Snare", HAND, 1)
    lantern = put(game, "Test Lantern", HAND, 0)
    mine = put(game, "Test Hound", ENGAGED, 1)
    theirs = put(game, "Test Prowler", ENGAGED, 0)
    staged = put(game, "Test Brute", STAGING)
    glade = put(game, "Test Glade", STAGING)
    assert set(game.hosts(0, gift)) == set(game.characters(0) + game.characters(1))
    assert game.hosts(1, snare) == [mine]  # only an enemy engaged with its player
    assert theirs not in game.hosts(1, snare) and staged not in game.hosts(1, snare)
    assert game.hosts(0, lantern) == [glade]
    sage = game.heroes(1)[0]
    game.play(0, gift, sage)
    game.play(1, snare, mine)
    game.play(0, lantern, glade)
    assert game.stat(sage, "willpower") == 3
    assert game.stat(mine, "attack") == 0
    assert game.staging_threat() == game.stat(staged, "threat") + 0
    options = [o.label for o in game.playable(0, planning=True)]
    assert all("Test Lantern" not in label for label in options)


def test_an_attachment_is_discarded_when_its_host_leaves_play() -> None:
    """RR "Attachment Cards": when the host leaves play the attachment is discarded, to its
    owner's discard pile (an enemy defeated, another player's character destroyed)."""
    game = tgame(2)
    for hero in game.heroes(1):
        game.state.resources[hero] = 5
    snare = put(game, "Test Snare", HAND, 1)
    hound = put(game, "Test Hound", ENGAGED, 1)
    game.play(1, snare, hound)
    game.deal_damage(hound, 9)
    assert snare in game.z(DISCARD, 1) and snare not in game.state.attached_to
    gift = put(game, "Test Gift", HAND, 1)
    archer = game.heroes(0)[1]
    game.play(1, gift, archer)
    game.deal_damage(archer, 9)
    assert gift in game.z(DISCARD, 1)


def test_an_encounter_card_attached_by_its_effect() -> None:
    """RR "Attachment Cards" and "Encounter Cards": an encounter card that attaches itself stays
    in play on its host, changes it, and goes to the encounter discard pile when the host leaves."""
    game = tgame(1)
    seer = game.heroes(0)[2]  # the most willpower
    (web,) = stack(game, "Test Web")
    game.reveal_encounter(0)
    assert game.state.attached_to == {web: seer}
    assert game.stat(seer, "willpower") == 2
    game.deal_damage(seer, 9)
    assert web in game.z(ENCOUNTER_DISCARD)


# ---------------------------------------------------------------------- actions and windows


def test_an_action_of_a_card_in_play_in_an_action_window_once_per_round() -> None:
    """RR "Actions" and "Limits": a card's Action can be used in any action window, within its
    limit. (The hero adds a resource to its pool, once per round.)"""

    def answer(request: DecisionRequest) -> int | None:
        return 1 if request.kind == "action" else None

    game = tgame(1, answer)
    steward = game.heroes(0)[0]
    game.action_window("test")
    game.action_window("test again")
    assert game.state.resources[steward] == 1
    assert [r.prompt for r in asked(game) if r.kind == "action"] == ["Action window (test)"]


WINDOWS = [
    "resource",
    "planning",
    "quest begins",
    "after committing",
    "after staging",
    "after quest resolution",
    "travel begins",
    "travel",
    "encounter begins",
    "after optional engagement",
    "encounter",
    "after dealing shadow cards",
    "before a defender is declared",
    "after an enemy attack",
    "after enemy attacks",
    "after attackers are declared",
    "after an attack",
    "after player attacks",
    "refresh",
]


def test_action_windows_open_at_each_step_the_rules_allow() -> None:
    """RR "Action Windows" and its timing chart: a window at the start of the quest, travel and
    encounter phases, after each step of them, before each enemy attack's defender and after each
    attack, before each player attack's damage and after it, and at the end of the resource,
    planning and refresh phases."""

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "attack":
            return 1 if len(request.options) > 1 else None
        if request.kind == "attackers":
            return len(request.options) - 1
        return None

    game = table(1, answer, decks=(DECK_A,))
    for card in list(game.z(HAND, 0)):
        game.move(card, DECK, 0)
    clear_staging(game)
    for hero in game.heroes(0):
        game.state.resources[hero] = 99
    put(game, "Test Rally", HAND, 0)
    put(game, "Test Prowler", ENGAGED, 0)
    game.play_round()
    prompts = [r.prompt for r in asked(game) if r.kind == "action"]
    steps = [p.removeprefix("Action window (").removesuffix(")") for p in prompts]
    assert [s for s in steps if s in WINDOWS] == [w for w in WINDOWS if w in steps]
    assert set(WINDOWS) <= set(steps)


# ---------------------------------------------------------------------- bounds and records


def test_abilities_that_trigger_each_other_without_end_are_stopped() -> None:
    """Scripts cannot hang the game: an ability chain deeper than the limit is stopped with a
    clear error naming the card."""

    def hurt_again(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        game.deal_damage(card, 1)

    def is_self(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
        return event.subject == card

    martyr = LcgCard(
        "Test Martyr",
        "hero",
        sphere="spirit",
        threat_cost=5,
        hit_points=99,
        triggers=(Trigger("damaged", hurt_again, kind="forced", when=is_self),),
    )
    deck = PlayerDeck(heroes=(martyr,), deck=TRIGGER_DECK_A.deck)
    game = tgame(1, decks=(deck,))
    with pytest.raises(ScriptBudgetError, match="Test Martyr"):
        game.deal_damage(game.heroes(0)[0], 1)
    assert MAX_DEPTH < 99


def test_bad_triggered_abilities_and_attachments_are_refused() -> None:
    def nothing(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        return None

    with pytest.raises(ConfigError, match="trigger point"):
        Trigger("whenever", nothing)
    with pytest.raises(ConfigError, match="point 'action'"):
        Trigger("committed", nothing, kind="action")
    with pytest.raises(ConfigError, match="limit"):
        Trigger("committed", nothing, limit="game")
    with pytest.raises(ConfigError, match="only be a Response"):
        LcgCard("Test Bad Event", "event", triggers=(Trigger("engaged", nothing, kind="forced"),))
    with pytest.raises(ConfigError, match="attach scope"):
        LcgCard("Test Bad Attachment", "attachment", attach_scope="everyone")
    with pytest.raises(ConfigError, match="cannot attach"):
        LcgCard("Test Bad Attachment", "attachment", attach_to="quest")


def test_the_rules_reach_every_trigger_point_with_its_subject() -> None:
    """RR "Triggered Abilities": each moment a card may answer is announced by the rules, with the
    card it is about. A hero with a Forced effect on every point records them over whole games."""
    seen: dict[str, set[str]] = {point: set() for point in POINTS}

    def record(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        seen[event.point].add(game.records[event.subject].type if event.subject >= 0 else "")

    witness = LcgCard(
        "Test Witness",
        "hero",
        sphere="spirit",
        threat_cost=8,
        willpower=2,
        attack=2,
        defense=2,
        hit_points=5,
        triggers=tuple(Trigger(point, record, kind="forced") for point in POINTS),
    )
    deck = PlayerDeck(heroes=(witness, *TRIGGER_DECK_A.heroes[:2]), deck=TRIGGER_DECK_A.deck)
    for seed in range(12):
        game = LcgGame(trigger_config(2, seed, decks=(deck, TRIGGER_DECK_B)), heuristic(2, seed))
        game.play_game()
    expected = {
        "committed": {"hero", "ally"},
        "travelled": {"location"},
        "explored": {"location"},
        "quest completed": {"quest"},
        "engaged": {"enemy"},
        "defended": {"hero", "ally"},
        "attacked": {"enemy"},
        "defeated": {"enemy"},
        "destroyed": {"hero", "ally"},
        "phase begins": {""},
        "phase ends": {""},
        "would reveal": {"treachery"},
        "would shadow": {"enemy", "location"},
    }
    for point, types in expected.items():
        assert seen[point] and seen[point] <= types, (point, seen[point])
    assert {"enemy", "location", "treachery"} <= seen["revealed"]
    assert {"hero", "enemy"} <= seen["damaged"] and seen["would damage"] == seen["damaged"]
    assert {"ally", "attachment"} <= seen["enters play"]
    assert seen["played"] <= seen["enters play"] and seen["played"]


def test_a_card_that_left_play_meanwhile_does_not_answer() -> None:
    """RR "Triggered Abilities": an ability can only be used while its card is in play (but for
    abilities answering their own card's leaving play). A Forced effect that destroys another card
    answering the same moment stops that card's ability."""

    def strike(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        victim = next(c for c in game.z(PLAY, player) if game.records[c].name == "Test Victim")
        game.deal_damage(victim, 9)

    def threat(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        game.raise_threat(player, 5)

    striker = LcgCard("Test Striker", "ally", hit_points=1, triggers=(Trigger("phase begins", strike, kind="forced"),))
    victim = LcgCard("Test Victim", "ally", hit_points=1, triggers=(Trigger("phase begins", threat, kind="forced"),))
    deck = PlayerDeck(heroes=TRIGGER_DECK_A.heroes, deck=(striker, victim))
    game = tgame(1, decks=(deck,))
    put(game, "Test Striker", PLAY, 0)
    put(game, "Test Victim", PLAY, 0)
    before = game.state.threat[0]
    game.run_phase("travel")
    assert game.state.threat[0] == before
    assert [e[2] for e in entries(game, "forced effect")] == ["Test Striker"]


def test_an_instead_effect_may_change_the_amount_of_damage() -> None:
    """RR "Damage" and "Replacement Effects": a Response before damage is dealt may change how
    much is dealt; the changed amount is what the card takes (none when it falls to zero)."""

    def soften(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        event.amount -= 2

    def on_host(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
        return game.state.attached_to.get(card) == event.subject

    buckler = LcgCard(
        "Test Buckler", "attachment", triggers=(Trigger("would damage", soften, kind="forced", when=on_host),)
    )
    deck = PlayerDeck(heroes=TRIGGER_DECK_A.heroes, deck=(buckler,))
    game = tgame(1, decks=(deck,))
    hero = game.heroes(0)[0]
    game.attach(put(game, "Test Buckler", PLAY, 0), hero)
    game.deal_damage(hero, 3)
    assert game.state.damage == {hero: 1}
    game.deal_damage(hero, 2)
    assert game.state.damage == {hero: 1}
    assert [e for e in game.state.log if e[0] == "damage"] == [("damage", game.card_name(hero), 1)]
