"""Small pieces of English the logs and prompts share."""

from __future__ import annotations


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a name that ends in a plural s ("Uruk-hai Scouts'")."""
    return f"{name}'" if name.endswith("s") and not name.endswith("ss") else f"{name}'s"
