"""The Cerberus deck-building rules shared by The Two Towers and The Fellowship of the Ring."""
