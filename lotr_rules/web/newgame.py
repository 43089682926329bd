"""Starting games at the web table: from the new-game form, or from a save.

A game here is set up by the same code as ``lotr-rules play`` (the same config, the same bots
for the same seats), so the same seed and the same choices play the same game in both places.
The form names sets, plans and mix files only from the lists the server offers: it can never
name a path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.agents.search.core import Budget
from lotr_rules.agents.search.deckbuilding import DEFAULT_BUDGET
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, RecordError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.game import AdventureConfig
from lotr_rules.games.adventure.record import config_from_json, replay_journey
from lotr_rules.games.deckbuilding.config import MAX_PLAYERS, STANDARD_ARCHENEMIES, GameConfig
from lotr_rules.games.deckbuilding.mix import PLANS
from lotr_rules.games.deckbuilding.record import check_record
from lotr_rules.session import adventure, families
from lotr_rules.session.deckbuilding import (
    BOTS,
    check_setup,
    new_game_setup,
    play_new,
    read_seats,
    record_config,
    replay_checked,
    resume,
    seat_bot,
)
from lotr_rules.session.deckbuilding import title as _deckbuilding_title
from lotr_rules.session.mixing import apply_mix_file, mix_options
from lotr_rules.session.options import DeckbuildingOptions
from lotr_rules.web.sessions import TableSession

#: the families the new-game form offers (the Card Game's table lives in pages of its own)
FAMILIES = {name: families.family(name).title for name in ("deckbuilding", "adventure-deck")}
MIX_PLANS = ("", *PLANS)
#: a plan-2 match is two games; the table plays one of them at a time (its half of the deck)
WEB_PLANS = tuple(plan for plan in MIX_PLANS if plan != "custom")


@attrs.define
class Library:
    """The card sets and mix files the server was given, loaded once."""

    card_dirs: tuple[Path, ...] = ()
    bot_delay: float = 0.6
    #: the search bot's budget at every table of this server (serve --search-budget; None: not
    #: given, and each family's own default holds)
    search_budget: Budget | None = None
    _catalogues: dict[tuple[str, tuple[Path, ...]], Catalogue] = attrs.field(factory=dict)

    def catalogue(self, family: str = "deckbuilding", extra: Sequence[Path] = ()) -> Catalogue:
        folders = (*self.card_dirs, *extra)
        key = (family, folders)
        if key not in self._catalogues:
            self._catalogues[key] = load_sets(folders, vocabulary=vocabulary_for(family))
        return self._catalogues[key]

    def set_choices(self, family: str = "deckbuilding") -> list[tuple[str, str]]:
        catalogue = self.catalogue(family)
        return sorted((info.code, info.title) for info in catalogue.sets.values() if info.family == family)

    def mix_files(self) -> dict[str, Path]:
        """The mix files under the given card folders, by a name the form may send."""
        found: dict[str, Path] = {}
        for folder in self.card_dirs:
            for path in sorted(folder.rglob("*.mix.toml")) if folder.is_dir() else []:
                found.setdefault(path.name, path)
        return found


def _int(form: Mapping[str, str], key: str, default: int, least: int, most: int, what: str) -> int:
    text = form.get(key, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(f"{what} must be a whole number, not '{text}'") from None
    if not least <= value <= most:
        raise ConfigError(f"{what} must be {least} to {most}, not {value}")
    return value


def seats_from(form: Mapping[str, str], players: int, kinds: Sequence[str]) -> list[str]:
    seats = []
    for seat in range(players):
        kind = form.get(f"seat{seat}", "human" if seat == 0 else kinds[0])
        if kind not in ("human", *kinds):
            raise ConfigError(f"seat {seat + 1}: '{kind}' is not a person or a known bot")
        seats.append(kind)
    return seats


def deckbuilding_bot(seed: int, budget: Budget = DEFAULT_BUDGET) -> Any:
    def make(seat: int, kind: str) -> Agent:
        return seat_bot(kind, seed, seat, budget)

    return make


def new_deckbuilding(library: Library, form: Mapping[str, str]) -> TableSession:
    catalogue, config, seats = deckbuilding_setup(library, form)
    return deckbuilding_session(library, catalogue, config, seats)


def deckbuilding_setup(
    library: Library,
    form: Mapping[str, str],
    *,
    extra_sets: Sequence[str] = (),
    catalogue: Catalogue | None = None,
) -> tuple[Catalogue, GameConfig, list[str]]:
    """The catalogue, config and seats of the game the form asks for (``extra_sets``: sets the
    server adds, found in ``catalogue``)."""
    default = families.family("deckbuilding").default_players
    players = _int(form, "players", default, 1, MAX_PLAYERS, "the number of players")
    seed = _int(form, "seed", 1, 0, 2**31 - 1, "the seed")
    archenemies = _int(form, "archenemies", STANDARD_ARCHENEMIES, 1, 99, "the Archenemy stack")
    sets = [code for code, _title in library.set_choices("deckbuilding") if form.get(f"set:{code}")]
    mix = form.get("mix", "")
    if mix not in WEB_PLANS:
        raise ConfigError(f"unknown mix plan '{mix}'")
    mix_name = form.get("mix_file", "")
    mix_path = library.mix_files().get(mix_name) if mix_name else None
    if mix_name and mix_path is None:
        raise ConfigError(f"no mix file '{mix_name}' is offered here")
    if not sets and mix_path is None:
        raise ConfigError("choose at least one set")
    args = DeckbuildingOptions(
        players=players,
        humans=0,
        seed=seed,
        impossible=bool(form.get("impossible")),
        archenemies=archenemies,
        hero=[form["hero"]] if form.get("hero") else None,
        bot="heuristic",
        sets=None if mix_path else ",".join([*sets, *extra_sets]),
        mix=None if mix_path else (mix or None),
        half=(_int(form, "half", 1, 1, 2, "the half") if mix == "plan-2" and not mix_path else None),
        deck=None,
        less_random=None,
        mix_file=mix_path,
        cards=list(library.card_dirs),
    )
    apply_mix_file(args, default_sets=None)
    if catalogue is None:
        catalogue = library.catalogue("deckbuilding", tuple(args.cards[len(library.card_dirs) :]))
    mix_options(args)  # refuses what the mix options cannot mean, before the game is made
    config, _ = new_game_setup(args, catalogue)
    seats = seats_from(form, players, BOTS)
    check_setup(catalogue, config)  # setup errors show on the form
    return catalogue, config, seats


def deckbuilding_session(
    library: Library, catalogue: Catalogue, config: GameConfig, seats: Sequence[str], note: str = ""
) -> TableSession:
    def run(agents: Sequence[Agent]) -> Game:
        return play_new(catalogue, config, agents)

    return TableSession(
        "deckbuilding",
        seats,
        _deckbuilding_title(config) + note,
        run,
        deckbuilding_bot(config.seed, library.search_budget or DEFAULT_BUDGET),
        bot_delay=library.bot_delay,
        context={"catalogue": catalogue, "config": config},
    )


def new_adventure(
    library: Library,
    form: Mapping[str, str],
    *,
    extra_sets: Sequence[str] = (),
    catalogue: Catalogue | None = None,
    note: str = "",
) -> TableSession:
    seed = _int(form, "seed", 1, 0, 2**31 - 1, "the seed")
    kind = form.get("seat0", "human")
    if kind not in ("human", *adventure.BOTS):
        raise ConfigError(f"'{kind}' is not a person or a known strategy")
    if catalogue is None:
        catalogue = library.catalogue("adventure-deck")
    config = AdventureConfig(seed=seed, sets=("adventure-deck", *extra_sets))
    adventure.check_setup(catalogue.cards, config)  # setup errors show on the form

    def run(agents: Sequence[Agent]) -> Game:
        return adventure.play_new(catalogue.cards, config, agents[0])

    def make_bot(seat: int, name: str) -> Agent:
        return adventure.make_bot(name, seed, library.search_budget)

    return TableSession(
        "adventure-deck",
        [kind],
        f"The Adventure Deck, seed {seed}{note}",
        run,
        make_bot,
        bot_delay=library.bot_delay,
        context={"catalogue": catalogue, "config": config},
    )


def resume_game(library: Library, data: Any, where: str) -> TableSession:
    """A session that goes on with a save of ``lotr-rules play`` or of the web table."""
    data = check_record(data, where)
    family = data.get("family", "deckbuilding")
    if family == "adventure-deck":
        return resume_adventure(library, data, where)
    if family != "deckbuilding":
        raise RecordError(f"{where} is a game of {family}, which the table cannot resume")
    return resume_deckbuilding(library, data, where)


def resume_adventure(library: Library, data: dict[str, Any], where: str) -> TableSession:
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != 1 or seats[0] not in ("human", *adventure.BOTS):
        raise RecordError(f"{where} is a journey's record but not a save (it does not say who walks)")
    catalogue = library.catalogue("adventure-deck")
    replay_journey(catalogue.cards, data, where)  # a record that does not replay is refused here
    config = config_from_json(data.get("config"), where)

    def run(agents: Sequence[Agent]) -> Game:
        return replay_journey(catalogue.cards, data, where, agents[0])

    def make_bot(seat: int, name: str) -> Agent:
        return adventure.make_bot(name, config.seed, library.search_budget)

    return TableSession(
        "adventure-deck",
        [str(seats[0])],
        f"The Adventure Deck, seed {config.seed} (resumed)",
        run,
        make_bot,
        bot_delay=library.bot_delay,
        context={"catalogue": catalogue, "config": config},
    )


def resume_deckbuilding(library: Library, data: dict[str, Any], where: str) -> TableSession:
    config = record_config(data, where)
    seats = read_seats(data, where, config.players)
    catalogue = library.catalogue("deckbuilding")
    if not isinstance(data.get("digest"), str):
        raise RecordError(f"{where} has no digest; it is corrupt")
    # the save's digest is of the game standing at its next question, where the replay stops:
    # an edited save is refused here, with the form, rather than by the game once it has begun
    replay_checked(catalogue, data, where)

    def run(agents: Sequence[Agent]) -> Game:
        return resume(catalogue, data, agents, where)

    return TableSession(
        "deckbuilding",
        seats,
        _deckbuilding_title(config) + " (resumed)",
        run,
        deckbuilding_bot(config.seed, library.search_budget or DEFAULT_BUDGET),
        bot_delay=library.bot_delay,
        context={"catalogue": catalogue, "config": config},
    )
