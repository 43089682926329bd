"""``lotr-rules serve``: the table in the browser (the ``web`` extra).

It listens on 127.0.0.1 unless told otherwise: the table is for the people at this computer.
"""

from __future__ import annotations

import argparse
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

from lotr_rules.agents.search.core import parse_budget
from lotr_rules.commands.common import add_cards_option
from lotr_rules.commands.search_options import add_search_budget
from lotr_rules.errors import UserError

DEFAULT_PORT = 8765


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("serve", help="play, watch, replay and design cards in the browser (web extra)")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free one)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this computer only)",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="answer requests addressed to NAME too (a name of this computer; repeatable)",
    )
    parser.add_argument("--open", action="store_true", help="open the table in the browser")
    parser.add_argument(
        "--saves",
        type=Path,
        default=Path("lotr-saves"),
        metavar="DIR",
        help="where saved games go (default lotr-saves)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="how long each bot move stays on the table before it happens (default 0.6; 0 for none)",
    )
    add_search_budget(parser)
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from lotr_rules.web.app import create_app
    except ImportError as error:
        raise UserError(
            f"the web table needs the web extra ({error.name} is missing): pip install 'lotr-rules[web]'"
        ) from None
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port must be 0 to 65535, not {args.port}")
    if args.bot_delay < 0:
        raise UserError("--bot-delay must be 0 or more")
    from lotr_rules.web.hosts import LOOPBACK_NAMES, allowed_names, canonical, name_to_allow

    for name in args.allow_host:
        if name_to_allow(name) is None:
            raise UserError(f"--allow-host {name!r} is not a host name (give a name or an address, without a port)")
    local = canonical(args.host) in LOOPBACK_NAMES
    allowed = allowed_names(args.host, args.allow_host)
    # (not given: each family's own default, the Adventure Deck's being larger)
    budget = parse_budget(args.search_budget) if args.search_budget else None
    app = create_app(tuple(args.cards), args.saves, args.bot_delay, allowed_hosts=allowed, search_budget=budget)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    if not local:
        names = ", ".join(sorted(allowed))
        print(
            f"lotr-rules: warning: listening on {args.host}: anyone who can reach it can play here "
            f"(it answers to {names}; --allow-host NAME adds a name)",
            file=sys.stderr,
        )

    host = f"[{args.host}]" if ":" in args.host else args.host
    original_startup = server.startup

    async def startup(sockets: Any = None) -> None:
        await original_startup(sockets)
        port = args.port
        if server.servers and server.servers[0].sockets:
            port = server.servers[0].sockets[0].getsockname()[1]
        address = f"http://{host}:{port}/"
        print(f"The table is at {address} (Ctrl-C stops it)", flush=True)
        if args.open:
            threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()

    server.startup = startup  # type: ignore[method-assign]
    try:
        server.run()
    except OSError as error:
        raise UserError(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}") from None
    if not server.started:
        raise UserError(f"cannot listen on {args.host}:{args.port} (is the port taken?)")
    return 0
