"""The card-script linter: every check has a stable code, documented in docs/lint-codes.md."""
