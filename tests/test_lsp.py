"""The language server (``lotr-rules lsp``), driven by a real client over stdio (pytest-lsp).

One server serves the whole module: a Card Game set of its own is written to a folder (four
cards, a deck list and a scenario), and each test opens, edits and asks about its files as an
editor would.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from lotr_rules.lint.codes import CODES  # noqa: E402
from lotr_rules.lsp.tokens import LEGEND  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.asyncio(loop_scope="module")

MANIFEST = 'code = "demo"\nname = "Demo cards"\nlanguage = 5\nfamily = "lcg"\n'
WARDEN = """\
card "Warden" {
  id warden
  type hero
  sphere leadership
  threat-cost 9
  willpower 2
  attack 2
  defense-strength 2
  hit-points 4
  keywords unique
  provenance designed
  text "A made-up hero."
}
"""
GUARD = """\
card "Guard" {
  id guard
  type ally
  sphere leadership
  cost 2
  willpower 1
  attack 1
  defense-strength 1
  hit-points 2
  copies 3
  provenance designed
  text "Action: draw a card (once per round)."
  action once per round {
    draw 1
  }
}
"""
BAT = """\
card "Bat" {
  id bat
  type enemy
  engagement-cost 20
  threat 1
  attack 1
  hit-points 2
  encounter-set "Dark Woods"
  copies 3
  provenance designed
  text "A made-up enemy."
}
"""
TRAIL = """\
card "Trail" {
  id trail
  type quest
  stage 1
  quest-points 6
  encounter-set "Dark Woods"
  provenance designed
  text "A made-up quest card."
}
"""
DECK = "Demo deck\n\nHeroes\n1x Warden\n\nAllies\n3x Guard\n"
SCENARIO = 'name = "Dark Woods"\nquest = ["Trail"]\nencounter_sets = ["Dark Woods"]\n'


def write_set(folder: Path) -> Path:
    home = folder / "demo"
    (home / "decks").mkdir(parents=True)
    (home / "scenarios").mkdir()
    files = {
        "set.toml": MANIFEST,
        "warden.card": WARDEN,
        "guard.card": GUARD,
        "bat.card": BAT,
        "trail.card": TRAIL,
        "decks/demo.txt": DECK,
        "scenarios/dark-woods.toml": SCENARIO,
    }
    for name, text in files.items():
        (home / name).write_text(text, encoding="utf-8")
    return home


SCOUT = GUARD.replace("Guard", "Scout").replace("guard", "scout")


@pytest.fixture(scope="module")
def demo_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The set the tests edit, in a folder of sets (the one the editor opens) beside another."""
    sets = tmp_path_factory.mktemp("sets")
    other = sets / "other"
    other.mkdir()
    (other / "set.toml").write_text(MANIFEST.replace("demo", "other").replace("Demo", "Other"), encoding="utf-8")
    (other / "scout.card").write_text(SCOUT, encoding="utf-8")
    return write_set(sets)


@pytest_lsp.fixture(
    scope="module",
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "lotr_rules", "lsp"],
        server_env={**os.environ, "PYTHONPATH": str(ROOT)},
    ),
)
async def client(lsp_client: LanguageClient, demo_set: Path) -> AsyncIterator[None]:
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        root_uri=from_fs_path(str(demo_set.parent)),
        initialization_options={"debounce": 0.05},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def uri(path: Path) -> str:
    found = from_fs_path(str(path))
    assert found is not None
    return found


async def opened(client: LanguageClient, path: Path, text: str | None = None) -> list[types.Diagnostic]:
    """Open ``path`` (with ``text``, or what it holds) and wait for its findings."""
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri(path),
                language_id="lotr-cards",
                version=1,
                text=path.read_text(encoding="utf-8") if text is None else text,
            )
        )
    )
    return await findings_of(client, path)


async def findings_of(client: LanguageClient, path: Path) -> list[types.Diagnostic]:
    while True:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if uri(path) in client.diagnostics:
            return list(client.diagnostics.pop(uri(path)))


async def close(client: LanguageClient, path: Path) -> None:
    """Close ``path`` and wait for the server to clear its findings."""
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    assert await findings_of(client, path) == []


def at(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


# ------------------------------------------------------------------ findings


async def test_a_clean_card_has_no_findings(client: LanguageClient, demo_set: Path) -> None:
    assert await opened(client, demo_set / "guard.card") == []
    await close(client, demo_set / "guard.card")


async def test_findings_have_codes_positions_and_a_link_to_their_page(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    found = await opened(client, path, GUARD.replace("type ally", "type aly").replace("draw 1", "drow 1"))
    by_code = {d.code: d for d in found}
    assert set(by_code) == {"E112", "E110"}
    assert by_code["E112"].range.start == at(2, 7)  # the word 'aly' itself
    assert by_code["E110"].range.start == at(13, 4)
    assert by_code["E112"].severity == types.DiagnosticSeverity.Error
    assert "did you mean 'ally'?" in by_code["E112"].message
    assert by_code["E112"].code_description is not None
    assert by_code["E112"].code_description.href.endswith("lint-codes.md#e112")
    await close(client, path)


async def test_findings_follow_each_change(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "warden.card"
    assert await opened(client, path) == []
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=WARDEN.replace("hero", "heroe", 1))],
        )
    )
    found = await findings_of(client, path)
    assert [d.code for d in found] == ["E112"]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=WARDEN)],
        )
    )
    assert await findings_of(client, path) == []
    await close(client, path)


async def test_quick_changes_are_checked_once_the_typing_pauses(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "bat.card"
    assert await opened(client, path) == []
    # ten changes at typing speed and faster: clean, misspelt, clean, ... ending misspelt
    for version in range(2, 12):
        text = BAT if version % 2 == 0 else BAT.replace("type enemy", "type enemi")
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
    # the first findings are the last text's: the ones before it were never checked
    assert [d.code for d in await findings_of(client, path)] == ["E112"]
    await close(client, path)


async def test_a_card_the_set_does_not_have_is_found_in_a_deck_list(client: LanguageClient, demo_set: Path) -> None:
    found = await opened(client, demo_set / "decks" / "demo.txt")
    assert found == []
    await close(client, demo_set / "decks" / "demo.txt")


async def test_a_did_you_mean_is_a_quick_fix(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "bat.card"
    found = await opened(client, path, BAT.replace("type enemy", "type enemi"))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            range=found[0].range,
            context=types.CodeActionContext(diagnostics=found),
        )
    )
    assert actions is not None and len(actions) == 1
    action = actions[0]
    assert isinstance(action, types.CodeAction) and action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes[uri(path)]
    assert edit.new_text == "enemy"
    assert (edit.range.start, edit.range.end) == (at(2, 7), at(2, 12))
    await close(client, path)


# ------------------------------------------------------------------ bad input


async def test_a_binary_file_is_a_finding(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "noise.card"
    found = await opened(client, path, "\x00\x01\x02card \ufffd\ufffd {\x00")
    assert found and all(d.code == "E001" for d in found)
    await close(client, path)


async def test_a_ten_megabyte_file_is_a_finding(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "huge.card"
    found = await opened(client, path, "# " + "x" * (10 * 1024 * 1024) + "\n")
    assert [d.code for d in found] == ["E003"]
    document = types.TextDocumentIdentifier(uri=uri(path))
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=document))
    assert tokens is not None and list(tokens.data) == []  # answered at once, with nothing
    await close(client, path)


async def test_a_file_outside_any_set_is_a_finding(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set.parent / "loose.card"
    found = await opened(client, path, GUARD.replace("guard", "loose"))
    assert "E161" in [d.code for d in found]
    assert any("outside any set" in d.message for d in found)
    await close(client, path)


async def test_a_manifest_that_does_not_parse_is_a_finding(
    client: LanguageClient, tmp_path_factory: pytest.TempPathFactory
) -> None:
    home = tmp_path_factory.mktemp("broken") / "broken"
    home.mkdir()
    (home / "set.toml").write_text('code = "broken\nname = \n', encoding="utf-8")
    (home / "guard.card").write_text(GUARD, encoding="utf-8")
    manifest = await opened(client, home / "set.toml")
    assert [d.code for d in manifest] == ["E161"]
    assert "not valid toml" in manifest[0].message
    card = await opened(client, home / "guard.card")
    assert "E161" in [d.code for d in card]
    await close(client, home / "set.toml")
    await close(client, home / "guard.card")


async def test_the_server_still_answers_after_bad_input(client: LanguageClient, demo_set: Path) -> None:
    # after all of the above, in the same server
    assert await opened(client, demo_set / "trail.card") == []
    await close(client, demo_set / "trail.card")


# ------------------------------------------------------------------ hover


async def hover_at(client: LanguageClient, path: Path, line: int, character: int) -> str:
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(line, character))
    )
    assert result is not None and isinstance(result.contents, types.MarkupContent)
    return result.contents.value


async def test_hover_on_a_word_shows_its_reference_entry(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    await opened(client, path)
    said = await hover_at(client, path, 13, 5)  # 'draw'
    assert "**draw** (command)" in said and "draw 2" in said
    said = await hover_at(client, path, 3, 12)  # 'leadership', a value of 'sphere'
    assert "**leadership** (value)" in said and "sphere" in said
    await close(client, path)


async def test_hover_on_a_card_name_shows_its_data(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "decks" / "demo.txt"
    await opened(client, path)
    said = await hover_at(client, path, 6, 5)  # '3x Guard'
    assert "**Guard** (demo)" in said and "cost: 2" in said and "Action: draw a card (once per round)." in said
    await close(client, path)


async def test_hover_on_a_lint_code_shows_its_explanation(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    await opened(client, path, GUARD.replace("  id guard", "  # E110 was here\n  id guard"))
    said = await hover_at(client, path, 1, 5)
    assert said.startswith("**E110**") and CODES["E110"].title in said
    await close(client, path)


async def test_a_card_saved_or_changed_on_disk_is_read_again(client: LanguageClient, demo_set: Path) -> None:
    deck = demo_set / "decks" / "demo.txt"
    card = demo_set / "warden.card"
    await opened(client, deck)
    assert "A made-up hero." in await hover_at(client, deck, 3, 5)
    try:
        card.write_text(WARDEN.replace("A made-up hero.", "A hero on watch."), encoding="utf-8")
        client.text_document_did_save(
            types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(card)))
        )
        await findings_of(client, card)  # a saved file's findings come again
        assert "A hero on watch." in await hover_at(client, deck, 3, 5)
        card.write_text(WARDEN.replace("A made-up hero.", "A hero at the gate."), encoding="utf-8")
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=uri(card), type=types.FileChangeType.Changed)]
            )
        )
        assert "A hero at the gate." in await hover_at(client, deck, 3, 5)
    finally:
        card.write_text(WARDEN, encoding="utf-8")
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=uri(card), type=types.FileChangeType.Changed)]
            )
        )
    await close(client, deck)


# ------------------------------------------------------------------ completion


async def labels_at(client: LanguageClient, path: Path, line: int, character: int) -> set[str]:
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(line, character))
    )
    assert isinstance(result, types.CompletionList)
    return {item.label for item in result.items}


async def test_completion_offers_what_fits_where_the_cursor_is(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    text = GUARD.replace("  provenance designed", "  sphere \n  provenance designed").replace(
        "    draw 1", '    draw 1\n    \n    named ""'
    )
    await opened(client, path, text)
    lines = text.split("\n")
    fields = await labels_at(client, path, 1, 2)  # the start of a header line: fields and abilities
    assert {"cost", "sphere", "willpower", "action", "response"} <= fields
    assert "draw" not in fields
    spheres = await labels_at(client, path, lines.index("  sphere "), len("  sphere "))
    assert spheres == {"leadership", "tactics", "spirit", "lore", "neutral"}
    words = await labels_at(client, path, lines.index("    "), 4)  # inside an ability: the family's words
    assert {"draw", "ready", "hand", "ally"} <= words and "copies" not in words
    names = await labels_at(client, path, lines.index('    named ""'), len('    named "'))
    # this set's, the other set's of the folder opened and the shipped LCG cards
    assert {"Warden", "Guard", "Bat", "Trail", "Scout", "Gandalf"} <= names
    assert "Goblins" not in names  # an Adventure Deck card: another family
    await close(client, path)


async def test_completion_after_from_offers_zones(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    text = GUARD.replace("    draw 1", "    draw 1\n    discard a card from ")
    await opened(client, path, text)
    lines = text.split("\n")
    row = next(n for n, line in enumerate(lines) if line.endswith("from "))
    zones = await labels_at(client, path, row, len(lines[row]))
    assert {"hand", "deck", "discard pile", "play area"} <= zones and "draw" not in zones
    await close(client, path)


async def test_completion_in_a_deck_list_offers_card_names(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "decks" / "demo.txt"
    await opened(client, path, DECK + "2x ")
    assert "Guard" in await labels_at(client, path, 7, 3)
    await close(client, path)


# ------------------------------------------------------------------ definition, symbols, formatting, rename


async def test_definition_of_a_card_name_is_its_card_line(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "scenarios" / "dark-woods.toml"
    await opened(client, path)
    result = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(1, 11))
    )
    assert isinstance(result, types.Location)
    assert result.uri == uri(demo_set / "trail.card")
    assert (result.range.start, result.range.end) == (at(0, 6), at(0, 11))
    await close(client, path)


async def test_document_symbols_are_the_cards_fields_and_abilities(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    await opened(client, path)
    result = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    assert result is not None
    (card,) = result
    assert isinstance(card, types.DocumentSymbol) and card.name == "Guard"
    names = [child.name for child in card.children or []]
    assert names[:2] == ["id", "type"] and names[-1] == "action"
    await close(client, path)


async def test_formatting_gives_the_canonical_layout(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    messy = GUARD.replace("  cost 2", "      cost    2").replace("    draw 1", "draw 1  # one")
    await opened(client, path, messy)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert edits is not None and len(edits) == 1
    assert edits[0].new_text == GUARD.replace("    draw 1", "    draw 1  # one")
    await close(client, path)


async def test_rename_changes_a_card_across_its_set(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "decks" / "demo.txt"
    await opened(client, path)
    result = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(6, 4), new_name="Gate Guard"
        )
    )
    assert result is not None and result.changes is not None
    assert set(result.changes) == {uri(demo_set / "guard.card"), uri(path)}
    (header,) = result.changes[uri(demo_set / "guard.card")]
    assert (header.range.start, header.range.end, header.new_text) == (at(0, 6), at(0, 11), "Gate Guard")
    await close(client, path)


async def test_rename_reaches_scenarios(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "trail.card"
    await opened(client, path)
    result = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(0, 8), new_name="Old Trail"
        )
    )
    assert result is not None and result.changes is not None
    assert set(result.changes) == {uri(path), uri(demo_set / "scenarios" / "dark-woods.toml")}
    await close(client, path)


async def test_semantic_tokens_colour_the_language(client: LanguageClient, demo_set: Path) -> None:
    path = demo_set / "guard.card"
    await opened(client, path)
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    assert result is not None
    line = column = 0
    found: dict[tuple[int, int], str] = {}
    data = result.data
    for index in range(0, len(data), 5):
        line += data[index]
        column = data[index + 1] if data[index] else column + data[index + 1]
        found[(line, column)] = LEGEND[data[index + 3]]
    assert found[(2, 2)] == "property"  # type
    assert found[(2, 7)] == "type"  # ally
    assert found[(13, 4)] == "function"  # draw
    assert found[(12, 2)] == "keyword"  # action
    await close(client, path)
