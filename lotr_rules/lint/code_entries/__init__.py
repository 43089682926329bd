"""The lint codes, one module a part of the language: each holds ``ENTRIES``, the codes of its
part in the registry's order. :mod:`lotr_rules.lint.codes` gathers them into one registry."""
