"""One message family of PyTorch's runtime errors: its category id, its wordings, what it means."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Count:
    """How often a family appears in real reports, from one bounded search.

    `threads` is the number of distinct threads, among the at most 12 that the search returned,
    whose title or text carries the family's wording (12 means "at least 12": the search saturated).
    `seen_in` names the query of another family whose results also held this family's threads."""

    threads: int
    query: str
    corpus: str = "issues"  # issues: GitHub issue/PR threads; pages: Q&A and blog pages
    seen_in: bool = False  # counted from the results of another family's query, not its own


@dataclass(frozen=True)
class Family:
    """A family of messages: one category id, one regex per wording ("ErrorType: message"),
    real messages for each wording, plain-words advice in English and Chinese, the facts the
    probe should gather for it. Which rules repair it is read from the rules themselves."""

    category: str
    patterns: tuple[str, ...]
    examples: tuple[str, ...]
    en: str
    zh: str
    facts: tuple[str, ...] = ()
    count: Count | None = None
    stop_reason: str = ""  # a source edit is the wrong answer: stop and say this
    when_exhausted: str = ""  # no rule's edit helped: say this instead of editing code
    # code the first LLM request must carry (kinds named in resolver/llm/needs.py): where the fix
    # usually is when the traceback does not point there
    context: tuple[str, ...] = ()

    @property
    def pattern(self) -> str:
        """The wordings as one regex (alternatives at the top level)."""
        return "|".join(self.patterns)

    @property
    def threads(self) -> int:
        return self.count.threads if self.count else 0


def family(category: str, patterns: tuple[str, ...] | str, examples: tuple[str, ...] | str, en: str, zh: str,
           facts: tuple[str, ...] = (), count: Count | None = None, **extra) -> Family:
    """Family with single values allowed where a tuple is meant (one wording, one example)."""
    as_tuple = (lambda value: (value,) if isinstance(value, str) else tuple(value))
    return Family(category, as_tuple(patterns), as_tuple(examples), en, zh, tuple(facts), count, **extra)


def counted(threads: int, query: str, corpus: str = "issues", seen_in: bool = False) -> Count:
    return Count(threads, query, corpus, seen_in)
