"""``lotr-rules print SET --out sheet.pdf``: a print-and-play PDF, nine faces to a page."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from lotr_rules import atomic
from lotr_rules.commands.common import add_cards_option, every_family_catalogue
from lotr_rules.errors import UserError


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser(
        "print",
        help="lay card faces out nine to a page at real size, with cut marks, as a PDF",
        description="Write a print-and-play PDF of a set (or of named cards): nine faces to a page at "
        "their real size, 63 × 88 mm, with cut marks; both sides of a Card Game quest card. Needs the "
        "optional 'render' extra.",
    )
    parser.add_argument("targets", nargs="+", metavar="SET|CARD", help="a set's code or a card's name (any case)")
    parser.add_argument("--out", type=Path, required=True, metavar="FILE.pdf", help="the PDF to write")
    parser.add_argument("--set", dest="set_code", help="look for card names in this set only")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    parser.add_argument(
        "--one-each",
        action="store_true",
        help="one face of each card, rather than as many as the set holds",
    )
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lotr_rules.commands.render import pick_cards, set_folder_targets
    from lotr_rules.render.convert import pages_to_pdf
    from lotr_rules.render.sheet import PAPERS, copies_of, sheet_pages, sides_of

    if args.out.suffix.lower() != ".pdf":
        raise UserError(f"'{args.out}' does not end in .pdf: the sheet is written as a PDF")
    targets = set_folder_targets(args)
    catalogue = every_family_catalogue(args)
    cards = pick_cards(catalogue, targets, args.set_code)
    faces = copies_of(cards, args.one_each)
    names = {code: info.title for code, info in catalogue.sets.items()}
    title = ", ".join(names.get(t, t) for t in targets)
    pages = sheet_pages(faces, PAPERS[args.paper], title, names)
    document = pages_to_pdf(pages)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(args.out, document)
    plural = "s" if len(pages) != 1 else ""
    # a Card Game quest card is printed on both its sides: two faces
    print(f"wrote {args.out}: {len(sides_of(faces))} faces on {len(pages)} {PAPERS[args.paper].name} page{plural}")
    return 0
