"""Regenerate the generated docs pages, or check that they are current."""

from __future__ import annotations

import argparse
import sys

from lotr_rules import atomic
from lotr_rules.docgen import OWNED_FOLDERS, docs_dir, pages
from lotr_rules.docgen.examples import ExampleError
from lotr_rules.games import load_all


def _shown(page: str) -> str:
    """A page's path from the top of the repository: docs/NAME, or README.md."""
    return (docs_dir() / page).resolve().relative_to(docs_dir().parent).as_posix()


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lotr_rules.docgen")
    parser.add_argument("--check", action="store_true", help="fail if a generated page is out of date")
    args = parser.parse_args()
    load_all()
    stale = []
    generated = pages()
    for page, render in generated.items():
        path = docs_dir() / page
        try:
            text = render()
        except ExampleError as error:
            print(f"python -m lotr_rules.docgen: {error}", file=sys.stderr)
            return 1
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(page)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic.write_text(path, text)
    # a file left in a folder docgen owns that it no longer writes (a card taken out of a set)
    left_over = sorted(
        path.relative_to(docs_dir()).as_posix()
        for folder in OWNED_FOLDERS
        for path in (docs_dir() / folder).rglob("*")
        if path.is_file() and path.relative_to(docs_dir()).as_posix() not in generated
    )
    if args.check and (stale or left_over):
        if stale:
            print("out of date (run 'python -m lotr_rules.docgen'): " + _listed(stale), file=sys.stderr)
        if left_over:
            print("no longer generated (run 'python -m lotr_rules.docgen'): " + _listed(left_over), file=sys.stderr)
        return 1
    for page in stale:
        print(f"wrote {_shown(page)}")
    for page in left_over:
        (docs_dir() / page).unlink()
        print(f"removed {_shown(page)}")
    return 0


def _listed(pages: list[str]) -> str:
    """Pages by name, a long list cut short (a changed card style rewrites hundreds of faces)."""
    shown = ", ".join(_shown(page) for page in pages[:12])
    return shown + (f" and {len(pages) - 12} more" if len(pages) > 12 else "")


if __name__ == "__main__":
    raise SystemExit(main())
