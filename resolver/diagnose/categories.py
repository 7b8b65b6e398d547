"""The category ids: a pattern over "ErrorType: message" for each, the stop conditions where a
source edit is the wrong answer, and the advice given when no edit helped. All three are read from
the error catalogue (resolver/diagnose/catalogue/), the one table of message families."""

from __future__ import annotations

import re

from resolver.diagnose.catalogue import FAMILIES, FLAGS

# (category id, pattern over "ErrorType: message"). The first match wins; ids are stable.
CATEGORIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (f.category, re.compile(f.pattern, FLAGS)) for f in FAMILIES
)

# Categories where a source edit is the wrong answer: the seed's stop conditions.
STOP_REASONS = {f.category: f.stop_reason for f in FAMILIES if f.stop_reason}

# When no rule's edit helped: what the seed says to do instead of editing code.
EXHAUSTED_ADVICE = {f.category: f.when_exhausted for f in FAMILIES if f.when_exhausted}
