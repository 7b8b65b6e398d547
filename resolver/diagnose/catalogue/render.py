"""docs/error-catalogue.md, written from the catalogue's data (never edited by hand)."""

from __future__ import annotations

import textwrap

from resolver.diagnose.catalogue import FAMILIES, MATCH_ORDER, ranking
from resolver.diagnose.catalogue._family import Family
from resolver.fix import rules

TOP = 100
WIDTH = 118

METHOD = """\
PyTorch's runtime errors are a finite set of messages (ATen's `TORCH_CHECK` strings, the Python layer's
TypeErrors and ValueErrors, autograd's and the DataLoader's messages). The catalogue groups them into families:
one category id, one regex per wording (where PyTorch versions word the same check differently), and at least
one real message for each wording, taken from PyTorch's source history or from real reports.

How often each family appears was counted, not guessed, in a **bounded** search: one semantic search per
family over a stored corpus of public GitHub issue and pull-request threads (one family over Q&A pages), with
the family's characteristic message as the query. The count is the number of **distinct threads among the at
most 12 returned** whose title or text carries the family's wording. So 12 means "at least 12": the search
saturated, and families at 12 are tied, not ordered among themselves. Where a family's threads were found in
the results of another family's query, the count is marked *seen in another query* and is a lower bound.
Families with no count were not searched (the search budget went to the families most often named in reports
and in the issue that asked for this catalogue); they are ranked after the counted ones, in match order. The
ranking therefore says which families are common, not how common one is relative to another within a tie.

The match order (which family is tried first) is separate from the ranking: the first family whose pattern
matches `ErrorType: message` gives the category, and a narrower family comes before a broader one that would
take its messages."""


def _wrap(text: str, prefix: str = "", indent: str = "  ") -> list[str]:
    return textwrap.wrap(" ".join(text.split()), WIDTH, initial_indent=prefix, subsequent_indent=indent,
                         break_on_hyphens=False)


def _cell(text: str, limit: int = 58) -> str:
    flat = " ".join(text.split())
    flat = flat if len(flat) <= limit else flat[:limit - 1] + "…"
    return flat.replace("|", "\\|").replace("`", "'")


def _count(f: Family) -> str:
    if f.count is None:
        return "not counted"
    where = "Q&A pages" if f.count.corpus == "pages" else "GitHub issues"
    seen = ", seen in another query" if f.count.seen_in else ""
    return f"{f.count.threads} threads ({where}{seen}; query: \"{f.count.query}\")"


def _repairing(category: str) -> tuple[str, ...]:
    """The rules that declare the category: read from the rules, so a new rule touches no table here."""
    return tuple(rule.name for rule in rules.all_rules() if category in rule.categories)


def _ranking_table(ranked: tuple[Family, ...]) -> list[str]:
    lines = ["| # | category | threads | rule | message |", "|---|---|---|---|---|"]
    for number, f in enumerate(ranked, 1):
        threads = str(f.threads) if f.count else "–"
        repairing = ", ".join(_repairing(f.category)) or "–"
        lines.append(f"| {number} | `{f.category}` | {threads} | {repairing} | {_cell(f.examples[0])} |")
    return lines


def _section(number: int, f: Family) -> list[str]:
    repairing = ", ".join(_repairing(f.category)) or "none yet"
    lines = [f"### {number}. `{f.category}`", ""]
    lines += _wrap(f"{_count(f)}. Rule: {repairing}.", "- Count: ")
    lines += _wrap(f.en, "- In plain words: ")
    lines += _wrap(f.zh, "- 说明：")
    if f.facts:
        lines += _wrap("; ".join(f.facts) + ".", "- Facts the probe should gather: ")
    lines += ["", "```text"] + [f"wording: {pattern}" for pattern in f.patterns]
    for example in f.examples:
        lines += _wrap(example, "message: ", "    ")
    return lines + ["```", ""]


def markdown() -> str:
    ranked = ranking()
    counted = sum(1 for f in FAMILIES if f.count)
    lines = ["# Error catalogue", "",
             "Generated from `resolver/diagnose/catalogue/` by",
             "`python -m resolver.diagnose.catalogue > docs/error-catalogue.md`; do not edit by hand.", "",
             (f"{len(FAMILIES)} families, {counted} of them counted; the first {TOP} of the ranking are the "
             "top 100."), "", "## Method", ""]
    lines += METHOD.splitlines()
    lines += ["", "## Ranking", ""] + _ranking_table(ranked)
    lines += ["", "## Families, in ranking order", ""]
    for number, f in enumerate(ranked, 1):
        if number == TOP + 1:
            lines += [f"## Beyond the top {TOP}", ""]
        lines += _section(number, f)
    lines += ["## Match order", ""]
    lines += _wrap(", ".join(f"`{category}`" for category in MATCH_ORDER), "", "")
    return "\n".join(lines).rstrip() + "\n"
