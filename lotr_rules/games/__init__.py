"""Game families: the rules each rulebook states in prose, over the engine's primitives."""
