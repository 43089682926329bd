"""``lotr-rules render CARD|SET --out DIR``: write card faces as SVG (or PNG) files."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lotr_rules import atomic
from lotr_rules.cards.titles import qualified
from lotr_rules.commands.common import add_cards_option, bounded_int, every_family_catalogue
from lotr_rules.errors import UserError

if TYPE_CHECKING:
    from lotr_rules.cards.catalogue import Catalogue
    from lotr_rules.engine.cards import CardDef


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser(
        "render",
        help="draw card faces as SVG or PNG files",
        description="Draw the faces of a card, or of every card of a set, from their data, one file a card.",
    )
    parser.add_argument("targets", nargs="+", metavar="CARD|SET", help="a card's name (any case) or a set's code")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="the folder to write the faces to")
    parser.add_argument("--set", dest="set_code", help="look for card names in this set only")
    parser.add_argument(
        "--format",
        choices=("svg", "png"),
        default="svg",
        help="svg (the default) or png (needs the optional 'render' extra)",
    )
    parser.add_argument(
        "--dpi", type=bounded_int("--dpi"), default=300, help="the resolution of PNG faces (default 300, at most 1,200)"
    )
    add_cards_option(parser)
    parser.set_defaults(run=run)


def set_folder_targets(args: argparse.Namespace) -> list[str]:
    """``args.targets`` with any set folder (one holding a ``set.toml``) loaded as ``--cards`` and
    named by its set's code, so ``render examples/custom-set`` works as well as ``custom-set``."""
    from lotr_rules.cards.loader import MANIFEST, read_manifest, set_folders
    from lotr_rules.resources import cardscripts_dir

    shipped = {folder.resolve() for folder in set_folders(cardscripts_dir())}
    targets: list[str] = []
    for target in args.targets:
        folder = Path(target)
        if (folder / MANIFEST).is_file():
            info, problems = read_manifest(folder)
            if info is None:
                raise UserError(problems[0].format_text())
            if folder.resolve() not in shipped and folder not in args.cards:
                args.cards.append(folder)
            targets.append(info.code)
        else:
            targets.append(target)
    return targets


def pick_cards(catalogue: Catalogue, targets: Sequence[str], set_code: str | None = None) -> list[CardDef]:
    """The cards ``targets`` name: a set code stands for all its cards, anything else is a card's
    name. A name several loaded sets share is an error saying which sets, unless ``set_code``
    says which set to look in or the name says its set (``Aragorn (lcg-core)``)."""
    if set_code:
        catalogue.in_sets([set_code])  # an unknown set is an error, not a silent fallback
    picked: list[CardDef] = []
    for target in targets:
        if target in catalogue.sets and not set_code:
            picked.extend(catalogue.in_sets([target]))
            continue
        first = catalogue.get(target, (set_code,) if set_code else ())
        if set_code:
            if first.set_code != set_code:
                raise UserError(f"set '{set_code}' has no card named '{target}'")
            picked.append(first)
        elif first.name.lower() != target.strip().lower():
            picked.append(first)  # a name that says its set (``Aragorn (lcg-core)``): that card
        else:
            same = [card for card in catalogue.cards if card.name.lower() == first.name.lower()]
            sets = list(dict.fromkeys(card.set_code for card in same))
            if len(sets) > 1:
                raise UserError(
                    f"'{target}' is the name of a card in {len(sets)} loaded sets: {', '.join(sets)}",
                    hint=f"say which with --set {sets[0]}, or name it as '{qualified(same[0])}'",
                )
            picked.extend(same)
    unique = list(dict.fromkeys(picked))
    return unique


def run(args: argparse.Namespace) -> int:
    from lotr_rules.render.face import card_face_svg, card_file_stem, face_sides

    targets = set_folder_targets(args)
    catalogue = every_family_catalogue(args)
    cards = pick_cards(catalogue, targets, args.set_code)
    if args.format == "png":
        from lotr_rules.render.convert import svg_to_png

        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")  # says what is missing, early
    several_sets = len({card.set_code for card in cards}) > 1

    def faces() -> Iterator[tuple[Path, bytes]]:
        for card in cards:
            folder = args.out / card.set_code if several_sets else args.out
            for side in face_sides(card):  # both sides of a Card Game quest card
                document = card_face_svg(card, set_name=catalogue.sets[card.set_code].title, side=side)
                path = folder / f"{card_file_stem(card, side)}.{args.format}"
                yield path, svg_to_png(document, args.dpi) if args.format == "png" else document.encode("utf-8")

    # All faces or none: one that cannot be drawn, a full disk or Ctrl-C leaves no partial output.
    written = atomic.write_all(faces(), args.out)
    if len(written) == 1:
        print(f"wrote {written[0]}")
    else:
        # one folder a set when the faces are of several: each named as it was written
        folders = dict.fromkeys(str(path.parent) for path in written)
        print(f"wrote {len(written)} faces ({args.format.upper()}) to {', '.join(folders)}")
    return 0
