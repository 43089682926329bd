"""``lotr-rules simulate``: bots play many games (in parallel if asked); print statistics over them."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lotr_rules import atomic
from lotr_rules.commands.common import add_cards_option, bounded_int, positive_int, seed_int
from lotr_rules.commands.game import add_mix_options, with_mix_file
from lotr_rules.commands.lcg_options import DEFAULT_SCENARIO, add_lcg_options, refuse, refuse_lcg_options
from lotr_rules.commands.table_options import add_bot_option, add_players_option, settle
from lotr_rules.errors import UserError
from lotr_rules.session.mixing import mix_options
from lotr_rules.sim.adventure_report import build_adventure_report, render_adventure_text
from lotr_rules.sim.families import SimSettings, family_names
from lotr_rules.sim.progress import ProgressBar
from lotr_rules.sim.report import build_report, render_text
from lotr_rules.sim.runner import run_simulation
from lotr_rules.sim.stopping import stop_on_signals

if TYPE_CHECKING:
    from lotr_rules.sim.runner import SimulationRun
    from lotr_rules.sim.tally import Tally


workers_int = bounded_int("--workers")  # 0: one per CPU
game_number = bounded_int("--first-game")  # games are numbered from 1


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser(
        "simulate",
        help="bots play many games; show win rates, end reasons and what winners buy",
        description="Bots play many seeded games and the statistics over them are printed. Game i is "
        "played from a seed derived from --seed and i, so the results do not depend on --workers.",
    )
    parser.add_argument(
        "--game", default="deckbuilding", metavar="FAMILY", help=f"game family ({', '.join(family_names())})"
    )
    add_lcg_options(parser, several=True)
    parser.add_argument("--games", type=bounded_int("--games"), default=200, help="how many games (default 200)")
    add_players_option(parser)
    parser.add_argument("--seed", type=seed_int, default=1, help="the simulation's seed (default 1)")
    parser.add_argument(
        "--workers",
        type=workers_int,
        help="worker processes, or with --cluster local the cluster's workers (default 1, or one per CPU "
        "with --cluster; 0: one per CPU)",
    )
    parser.add_argument(
        "--first-game",
        type=game_number,
        default=1,
        metavar="N",
        help="play games N to N + GAMES - 1 of the simulation (default 1): runs of disjoint games merge into one",
    )
    add_bot_option(
        parser,
        also="; for the Adventure Deck also all (the default): every strategy side by side, the search bot "
        "only when named",
    )
    parser.add_argument("--impossible", action="store_true", help="Impossible Mode")
    parser.add_argument("--archenemies", type=positive_int, help="Archenemy stack size (default 8)")
    parser.add_argument("--sets", default=None, help="comma-separated set codes (default two-towers)")
    add_mix_options(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="report format (default text)")
    parser.add_argument(
        "--output",
        type=Path,
        metavar="FILE",
        help="also write the JSON report to FILE, with what it takes to resume or merge the run; "
        "kept up to date while the games run",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        # not "resume": for the mixing options, a "resume" means a save file (play --resume)
        dest="resume_run",
        help="go on with the run in the --output FILE: play only its missing games",
    )
    parser.add_argument(
        "--merge",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="play nothing: add up the runs in these output files (disjoint games of one simulation)",
    )
    parser.add_argument(
        "--plot",
        type=Path,
        metavar="FILE",
        help="draw win rates by hero and by seat and the game lengths to FILE (.png or .svg; needs matplotlib)",
    )
    place = parser.add_mutually_exclusive_group()
    place.add_argument(
        "--scheduler", metavar="ADDRESS", help="play on the Dask cluster whose scheduler is at ADDRESS (needs Dask)"
    )
    place.add_argument(
        "--cluster",
        choices=("local",),
        help="play on a Dask cluster started on this machine for the run, of --workers workers (needs Dask)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_cards_option(parser)
    # (no default sets here: the Card Game takes none; the other games' is set in run)
    parser.set_defaults(run=with_mix_file(run, default_sets=None))


ADVENTURE = "adventure-deck"
LCG = "lcg"


def _default_players(game: str) -> int:
    """The family's one default (the same in every command); a plug-in family's is 4."""
    from lotr_rules.session.families import FAMILIES

    found = FAMILIES.get(game)
    return found.default_players if found is not None else 4


def settings_from(args: argparse.Namespace, bot: str | None = None) -> SimSettings:
    solo = args.game == ADVENTURE
    mix = mix_options(args)
    return SimSettings(
        family=args.game,
        games=args.games,
        players=args.players if args.players is not None else (1 if solo else _default_players(args.game)),
        seed=args.seed,
        bot=bot or args.bot or "heuristic",
        search_budget=args.search_budget or "",
        impossible=args.impossible,
        archenemies=args.archenemies,
        sets=tuple(s.strip() for s in args.sets.split(",") if s.strip()),
        card_paths=tuple(str(Path(p).resolve()) for p in args.cards),
        **mix,
        first_game=args.first_game - 1,
        # plan-2 without a half (--half or a mix file's): each simulated game is a whole two-game match
        match=mix["mix"] == "plan-2" and getattr(args, "half", None) is None,
    )


def run(args: argparse.Namespace) -> int:
    output: Path | None = args.output
    for path in (output, args.plot):
        if path is not None and not path.parent.is_dir():
            raise UserError(f"cannot write '{path}': folder '{path.parent}' does not exist")
    if args.plot is not None:
        from lotr_rules.sim.plot import check_plot_path

        check_plot_path(args.plot)
    settle(args, also_bots=("all",) if args.game == ADVENTURE else ())
    if args.resume_run and output is None:
        raise UserError("--resume goes on with the run in the --output FILE: give --output")
    if args.game == LCG:
        return _run_lcg(args, output)
    refuse_lcg_options(args, "this game")
    if args.sets is None:
        args.sets = "two-towers"
    if args.merge:
        return _run_merge(args, output)
    if args.game == ADVENTURE:
        options = (("--resume", args.resume_run), ("--plot", args.plot), ("--first-game", args.first_game != 1))
        unsupported = [name for name, given in options if given]
        if unsupported:
            raise UserError(f"{', '.join(unsupported)}: for the deck-building games only")
        return _run_adventure(args, output)
    settings = settings_from(args)
    from lotr_rules.sim import runfile
    from lotr_rules.sim.runner import SimulationRun

    done = None
    wall_before = 0.0
    if args.resume_run:
        assert output is not None
        saved = runfile.read_run(output)
        runfile.check_resumable(saved, settings)
        done, wall_before = saved.tally, saved.wall_seconds
    workers = _workers(args)

    def checkpoint(tally: Tally, elapsed: float) -> None:
        assert output is not None
        partial = SimulationRun(settings, tally, elapsed, workers, tally.games - (done.games if done else 0), True)
        runfile.write_run(output, build_report(partial), partial, wall_before)

    bar = ProgressBar(settings.games, sys.stderr, enabled=False if args.no_progress else None)
    with stop_on_signals() as stop:
        try:
            with _cluster(args, workers) as scheduler:
                outcome = run_simulation(
                    settings,
                    workers,
                    lambda done_so_far, _total: bar.update(done_so_far),
                    scheduler=scheduler,
                    done=done,
                    checkpoint=checkpoint if output is not None else None,
                )
        finally:
            bar.close()
    report = build_report(outcome)
    if output is not None:
        runfile.write_run(output, report, outcome, wall_before)
    if args.plot is not None:
        from lotr_rules.sim.plot import plot_run

        plot_run(outcome, args.plot)
    code = _emit(args, None, report, render_text(report))
    if outcome.stopped:
        _say_stopped(outcome, output)
        return stop.exit_code
    return code


def _workers(args: argparse.Namespace) -> int:
    if args.workers is not None:
        return int(args.workers)
    return 0 if args.cluster == "local" else 1


@contextlib.contextmanager
def _cluster(args: argparse.Namespace, workers: int) -> Iterator[str | None]:
    """The scheduler address to play on: given, or of a local cluster started for the run; or None."""
    if args.scheduler is not None:
        yield args.scheduler
    elif args.cluster == "local":
        from lotr_rules.sim.cluster import local_cluster
        from lotr_rules.sim.runner import resolve_workers

        with local_cluster(resolve_workers(workers, args.games)) as address:
            yield address
    else:
        yield None


def _say_stopped(outcome: SimulationRun, output: Path | None) -> None:
    played, planned = outcome.tally.games, outcome.settings.games
    hint = (
        f"; saved in {output}: run the same command with --resume to play the rest"
        if output is not None
        else "; with --output FILE a stopped run can be resumed"
    )
    print(f"lotr-rules: stopped after {played} of {planned} games{hint}", file=sys.stderr)


def _run_merge(args: argparse.Namespace, output: Path | None) -> int:
    from lotr_rules.sim import runfile

    if args.resume_run:
        raise UserError("--merge and --resume do not go together")
    runs = [runfile.read_run(path) for path in args.merge]
    merged = runfile.merge(runs)
    report = build_report(merged)
    if output is not None:
        runfile.write_run(output, report, merged)
    if args.plot is not None:
        from lotr_rules.sim.plot import plot_run

        plot_run(merged, args.plot)
    return _emit(args, None, report, render_text(report))


def _run_adventure(args: argparse.Namespace, output: Path | None) -> int:
    """Every strategy (or the one asked for) plays the same seeded games, side by side."""
    from lotr_rules.games.adventure.bots import STRATEGIES

    names = list(STRATEGIES) if args.bot in (None, "all") else [args.bot]
    runs = []
    workers = _workers(args)
    bar = ProgressBar(args.games * len(names), sys.stderr, enabled=False if args.no_progress else None)
    with stop_on_signals() as stop:
        try:
            with _cluster(args, workers) as scheduler:
                for offset, name in enumerate(names):
                    progress = _offset_progress(bar, offset * args.games)
                    runs.append(run_simulation(settings_from(args, name), workers, progress, scheduler=scheduler))
                    if runs[-1].stopped:
                        break
        finally:
            bar.close()
    report = build_adventure_report(runs)
    code = _emit(args, output, report, render_adventure_text(report))
    if runs[-1].stopped:
        _say_stopped(runs[-1], None)
        return stop.exit_code
    return code


#: simulate's options that the Card Game's simulation has no use for (the players are its decks)
_NOT_FOR_LCG = (
    ("resume_run", "--resume"),
    ("plot", "--plot"),
    ("merge", "--merge"),
    ("impossible", "--impossible"),
    ("archenemies", "--archenemies"),
    ("sets", "--sets"),
    ("mix", "--mix"),
    ("half", "--half"),
    ("deck", "--deck"),
    ("less_random", "--less-random"),
    ("mix_file", "--mix-file"),
)


def _run_lcg(args: argparse.Namespace, output: Path | None) -> int:
    """Each line-up of decks (``--decks``, given once or more) plays the same seeded games."""
    from lotr_rules.games.lcg.files import split_decks
    from lotr_rules.sim.lcg_report import build_lcg_report, render_lcg_text

    refuse(args, _NOT_FOR_LCG, "the Card Game's simulation")
    if args.first_game != 1:
        raise UserError("--first-game: not an option of the Card Game's simulation")
    from lotr_rules.session.lcg import default_decks

    texts = args.decks or [",".join(default_decks(args.players))]  # the first game's decks
    line_ups = [tuple(_deck_spec(spec) for spec in split_decks(text)) for text in texts]
    if args.players is not None and any(len(decks) != args.players for decks in line_ups):
        raise UserError(f"{args.players} players need {args.players} decks in each --decks")
    runs = []
    workers = _workers(args)
    bar = ProgressBar(args.games * len(line_ups), sys.stderr, enabled=False if args.no_progress else None)
    with stop_on_signals() as stop:
        try:
            with _cluster(args, workers) as scheduler:
                for offset, decks in enumerate(line_ups):
                    settings = SimSettings(
                        family=LCG,
                        games=args.games,
                        players=len(decks),
                        seed=args.seed,
                        bot=args.bot or "heuristic",
                        search_budget=args.search_budget or "",
                        card_paths=tuple(str(Path(p).resolve()) for p in args.cards),
                        scenario=args.scenario or DEFAULT_SCENARIO,
                        decks=decks,
                        mode=args.mode or "normal",
                    )
                    progress = _offset_progress(bar, offset * args.games)
                    runs.append(run_simulation(settings, workers, progress, scheduler=scheduler))
                    if runs[-1].stopped:
                        break
        finally:
            bar.close()
    report = build_lcg_report(runs)
    code = _emit(args, output, report, render_lcg_text(report))
    if runs[-1].stopped:
        _say_stopped(runs[-1], None)
        return stop.exit_code
    return code


def _deck_spec(spec: str) -> str:
    """A deck as worker processes find it again: a name stays a name, a file's path becomes absolute."""
    if "/" in spec or "\\" in spec or spec.endswith(".txt"):
        return str(Path(spec).resolve())
    return spec


def _offset_progress(bar: ProgressBar, start: int) -> Callable[[int, int], None]:
    """Progress of one strategy's run, as a part of the whole bar."""
    return lambda done, _total: bar.update(start + done)


def _emit(args: argparse.Namespace, output: Path | None, report: dict[str, Any], lines: list[str]) -> int:
    text = json.dumps(report, indent=2, ensure_ascii=False)
    if output is not None:
        atomic.write_text(output, text + "\n")
    if args.format == "json":
        print(text)
    else:
        for line in lines:
            print(line)
        if args.output is not None:
            print(f"summary written to {args.output}")
    return 0
