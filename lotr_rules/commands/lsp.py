"""``lotr-rules lsp``: the language server for card files, over stdin and stdout (lsp extra)."""

from __future__ import annotations

import argparse
from typing import Any

from lotr_rules.errors import UserError


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser(
        "lsp", help="serve the language server protocol over stdio: findings, hover and more in an editor (lsp extra)"
    )
    # Editors' clients add --stdio to a server command: it is the only way this server talks.
    parser.add_argument("--stdio", action="store_true", help="talk over stdin and stdout (the default and only way)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lotr_rules.lsp import INSTALL_HINT

    try:
        from lotr_rules.lsp.server import run as serve
    except ImportError as error:
        missing = (error.name or "pygls").split(".")[0]
        raise UserError(f"the language server needs the lsp extra ({missing} is missing): {INSTALL_HINT}") from None
    serve()
    return 0
