"""Allow ``python -m lotr_rules``."""

from lotr_rules.cli import main

raise SystemExit(main())
