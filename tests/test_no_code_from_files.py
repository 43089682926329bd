"""No file the tool reads can run code when read (the security promise in docs: sharing sets).

Lark can cache its parse tables as a pickle under the shared temporary folder, at a name anyone
can compute from the grammar; another user could plant one there. The card-script parser must
neither write nor read such a file.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from lotr_rules.dsl import parser
from lotr_rules.errors import ScriptSyntaxError

_BROKEN = 'card "Broken" {\n  type ally\n  play: draw 1 card from hnad\n'


def test_building_the_lark_parser_touches_no_file_in_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parser is built afresh with the temporary folder pointed at an empty one, and a script
    with a syntax error is parsed (the path that needs Lark): the folder stays empty."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    parser._parser.cache_clear()
    parser._fast_parser.cache_clear()
    try:
        with pytest.raises(ScriptSyntaxError):
            parser.parse_with_lark(_BROKEN, _BROKEN)
        assert list(tmp_path.iterdir()) == []
    finally:
        parser._parser.cache_clear()
        parser._fast_parser.cache_clear()
