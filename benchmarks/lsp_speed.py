"""How soon the language server gives a card's findings after a change (target: under 100 ms).

    python benchmarks/lsp_speed.py              # 40 changes
    python benchmarks/lsp_speed.py --changes 200

A real server (``lotr-rules lsp``) is started and spoken to over stdio, as an editor does. It
has the shipped sets in view (354 cards) and a set of one 100-line card in a temporary folder;
each change makes or mends a misspelt command in that card, and the time from sending the change
to receiving its findings is measured (wall time, both processes included): once as an editor
sees it, the server waiting for the typing to pause (its default ``debounce``), and once with no
wait, the time the checking itself takes. The first findings, when the sets are first read, and
the first change's are shown apart.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = 'code = "bench"\nname = "Benchmark cards"\nlanguage = 4\nfamily = "deckbuilding"\n'
HEADER = """\
card "Long Card" {
  id long-card
  type ally
  cost 3
  copies 1
  provenance designed
  text "A long card for the benchmark."
  play {
"""


def long_card() -> str:
    """A card of 100 lines: a header, then one ability of conditions, each drawing a card."""
    body = []
    for threshold in range(1, 31):
        body.append(f"    if number of enemies played this turn >= {threshold} {{\n      draw 1\n    }}\n")
    text = HEADER + "".join(body) + "  }\n}\n"
    assert text.count("\n") == 100, text.count("\n")
    return text


async def measure(changes: int, debounce: float | None) -> tuple[float, list[float], int]:
    folder = Path(tempfile.mkdtemp(prefix="lsp-bench-")) / "bench"
    folder.mkdir()
    (folder / "set.toml").write_text(MANIFEST, encoding="utf-8")
    card = folder / "long-card.card"
    text = long_card()
    card.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(card)) or ""
    published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()
    client = LanguageClient("lsp-speed", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]
    def on_findings(params: types.PublishDiagnosticsParams) -> None:
        published.put_nowait(params)

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    await client.start_io(sys.executable, "-m", "lotr_rules", "lsp", env=env)
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=from_fs_path(str(folder)),
            initialization_options={} if debounce is None else {"debounce": debounce},
        )
    )
    client.initialized(types.InitializedParams())
    start = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="lotr-card", version=1, text=text)
        )
    )
    found = await published.get()
    first = time.perf_counter() - start
    assert not found.diagnostics, [d.message for d in found.diagnostics]
    times: list[float] = []
    for version in range(2, changes + 2):
        broken = version % 2 == 0
        changed = text.replace("      draw 1\n    }\n", "      drow 1\n    }\n", 1) if broken else text
        start = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=changed)],
            )
        )
        found = await published.get()
        times.append(time.perf_counter() - start)
        assert [d.code for d in found.diagnostics] == (["E110"] if broken else []), found.diagnostics
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()  # type: ignore[no-untyped-call]
    shipped = len(list((ROOT / "cardscripts").rglob("*.card")))
    return first, times, shipped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--changes", type=int, default=40)
    args = parser.parse_args()
    for debounce, what in ((None, "as an editor sees it"), (0.0, "the checking alone (no wait for a pause)")):
        first, times, cards = asyncio.run(measure(args.changes, debounce))
        ms = sorted(t * 1000 for t in times[1:])
        print(f"language server, a 100-line card, the shipped sets in view ({cards} cards), {what}:")
        print(f"  first findings (the sets read): {first * 1000:.0f} ms")
        print(f"  first change (its findings' modules loaded): {times[0] * 1000:.1f} ms")
        print(
            f"  each of {len(ms)} later changes to its findings: median {statistics.median(ms):.1f} ms, "
            f"90th percentile {ms[int(len(ms) * 0.9) - 1]:.1f} ms, max {ms[-1]:.1f} ms (target: under 100 ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
