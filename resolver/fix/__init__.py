"""Proposing fixes: the rule catalogue (rules/) and the retargeting of a fix to where the value is made."""
