"""``lotr-rules lsp``: a Language Server Protocol server for card authors (the ``lsp`` extra).

The linter's findings, the language reference, the formatter and the card catalogue, inside an
editor as one types. Nothing here is imported by the rest of lotr_rules: only the ``lsp`` command
loads this package, and only :mod:`lotr_rules.lsp.server` needs pygls. Everything the server takes
from the engine comes through :mod:`lotr_rules.lsp.core`, one module, so the engine can change
behind it in one place.
"""

from __future__ import annotations

#: what the ``lsp`` command says when pygls is not installed
INSTALL_HINT = "pip install 'lotr-rules[lsp]'"
