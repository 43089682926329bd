"""Regenerate the generated docs pages, or check that they are current."""

from __future__ import annotations

import argparse
import sys

from lotr_rules.docgen import docs_dir, pages
from lotr_rules.docgen.examples import ExampleError


def _shown(page: str) -> str:
    """A page's path from the top of the repository: docs/NAME, or README.md."""
    return (docs_dir() / page).resolve().relative_to(docs_dir().parent).as_posix()


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m lotr_rules.docgen")
    parser.add_argument("--check", action="store_true", help="fail if a generated page is out of date")
    args = parser.parse_args()
    stale = []
    for page, render in pages().items():
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
                path.write_text(text, encoding="utf-8")
    if args.check and stale:
        names = ", ".join(_shown(page) for page in stale)
        print(f"out of date (run 'python -m lotr_rules.docgen'): {names}", file=sys.stderr)
        return 1
    for page in stale:
        print(f"wrote {_shown(page)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
