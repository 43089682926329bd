"""The Card Game's questions in a player's words, the same at the terminal and at the web table:
a ``may`` of a command with words of its own (Mountains of Mirkwood's search of the deck), and
a choice of a player ("choose a player", not "choose player")."""

from __future__ import annotations

from test_lcg_cards_mirkwood import game_with, reveal, scripted

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.web.lcg_view import lcg_view


def _asked(body: str, kind: str, players: int = 1) -> tuple[LcgGame, list[DecisionRequest]]:
    """The requests of ``kind`` that revealing a card whose When Revealed effect is ``body`` asks."""
    asked: list[DecisionRequest] = []

    def watch(request: DecisionRequest) -> int | None:
        if request.kind == kind:
            asked.append(request)
        return None

    game = game_with(scripted(body), players=players, answer=watch)
    reveal(game, "Test Effect")
    return game, asked


def test_a_search_of_the_deck_is_asked_about_in_words() -> None:
    """Mountains of Mirkwood's Response: each player may look through the top 5 cards of their
    deck (RR "Searching"); the question says so, not the script's "search-deck 5"."""
    game, asked = _asked("may {\n      search-deck 5\n    }", "may")
    assert [request.question for request in asked] == [
        "look through the top 5 cards of your deck and take 1 into your hand?"
    ]
    assert asked[0].prompt == "search-deck 5?"  # the bots read the script's own text
    # the web table asks it in the same words
    assert lcg_view(game, 0, asked[0])["decision"].prompt == (
        "Test Effect: look through the top 5 cards of your deck and take 1 into your hand?"
    )


def test_a_choice_of_a_player_is_asked_with_its_article() -> None:
    _game, asked = _asked(
        "choose a player as P\n    for each P {\n      raise threat by 1\n    }", "choose a player", 2
    )
    assert [request.question for request in asked] == ["Test Effect: choose a player"]


def test_seeded_games_ask_nothing_in_a_scripts_words() -> None:
    """Every question and option of seeded games (Théodred's and Éowyn's decks among them) reads
    as a player would say it: no card name in brackets ("Add resources to (Théodred)"), no bare
    "Éowyn: action", no command written as a script writes it ("search-deck 5")."""
    import re

    from lotr_rules.cards.loader import load_sets
    from lotr_rules.games import vocabulary_for
    from lotr_rules.games.lcg.bots import LcgHeuristicAgent
    from lotr_rules.games.lcg.recording import new_table

    catalogue = load_sets(vocabulary=vocabulary_for("lcg"))
    script_words = [name for name in vocabulary_for("lcg").primitives if "-" in name]
    template = re.compile(r"\bto \(|: (action|response|forced)$|^\(|\(\s*\)")
    said: set[str] = set()

    class Listening(LcgHeuristicAgent):
        def choose(self, game: Game, request: DecisionRequest) -> int:
            said.add(request.question)
            said.update(option.label for option in request.options)
            return super().choose(game, request)

    for seed in (1, 2):
        table = new_table(catalogue, "passage-through-mirkwood", ("leadership", "spirit"), seed)
        LcgGame(table.config, [Listening(seed * 10 + seat) for seat in range(2)]).play_game()
    assert any("Théodred" in text for text in said) and any("Éowyn" in text for text in said)
    for text in said:
        assert not template.search(text), text
        assert not [word for word in script_words if re.search(rf"(?<![\w-]){word}(?![\w-])", text)], text
