"""Agents answer decision requests: bots, a person at a terminal, a replay."""
