"""`python -m resolver.fix.rules > docs/rules.md`: the rule catalogue, written from the rules'
docstrings (a fast test fails when docs/rules.md drifts from them)."""

from resolver.fix.rules import catalogue

print(catalogue(), end="")
