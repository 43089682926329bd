"""The web table's memory while the card workshop's "Try it" is pressed again and again.

    python benchmarks/workshop_memory.py                  # 1,200 tries, a figure every 100
    python benchmarks/workshop_memory.py --tries 300 --every 50

Each try posts a different card (its name and id change, so no cache can answer it) to
``/workshop/try`` through Starlette's test client, exactly as the page's button does, and opens
the game it starts. The figures are the server process's resident set (``VmRSS``) after each
``--every`` tries, and, once the application has shut down, how many of the folders it made in
the temporary directory are left behind. The run uses a temporary directory of its own, so other
programs' folders are not counted.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def resident_mib() -> float:
    """This process's resident set now, in MiB (Linux's /proc; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def card(number: int) -> str:
    return (
        f'card "Trial Warden {number}" {{\n  id trial-warden-{number}\n  type ally\n  cost 3\n  power 2\n'
        '  victory 1\n  copies 2\n  provenance designed\n  text "+2 Power. Draw a card."\n'
        "  play {\n    draw 1\n  }\n}\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tries", type=int, default=1200)
    parser.add_argument("--every", type=int, default=100)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    scratch = Path(tempfile.mkdtemp(prefix="lotr-bench-"))
    os.environ["TMPDIR"] = str(scratch)
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again

    from starlette.testclient import TestClient

    from lotr_rules.web.app import create_app

    app = create_app((), scratch / "saves", bot_delay=0.0)
    start = time.perf_counter()
    with TestClient(app, base_url="http://127.0.0.1") as client:
        print(f"before: {resident_mib():.0f} MiB", flush=True)
        for number in range(1, args.tries + 1):
            response = client.post("/workshop/try", data={"text": card(number), "family": "deckbuilding"})
            if response.status_code != 200:
                print(f"try {number}: {response.status_code} {response.text[:200]}", file=sys.stderr)
                return 1
            if number % args.every == 0:
                seconds = time.perf_counter() - start
                print(f"after {number} tries: {resident_mib():.0f} MiB ({seconds:.0f} s)", flush=True)
    left = sorted(path.name for path in scratch.iterdir() if path.name != "saves")
    print(f"temporary folders left after shutdown: {len(left)}" + (f" ({', '.join(left[:5])}...)" if left else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
