"""A run that ended because the script's own command-line parser (argparse, click, typer) rejected
its arguments: exit code 2 with usage text on stderr. That is not a code bug: no rule or LLM is
asked to fix it."""

from __future__ import annotations

import re

_USAGE = re.compile(r"^\s*usage:", re.IGNORECASE | re.MULTILINE)
_COMPLAINTS = (
    re.compile(r"^[^\s:][^:\n]*: error: (?P<text>.+)$", re.MULTILINE),  # argparse: "train.py: error: ..."
    re.compile(r"^Error: (?P<text>.+)$", re.MULTILINE),  # click
    re.compile(r"^[│|] (?P<text>(?:No such option|Missing (?:option|argument)|Invalid value|Got unexpected)"
               r".*?)\s*[│|]$", re.MULTILINE),  # typer's box
)


def parser_complaint(exit_code: int, error_type: str, stderr: str) -> str | None:
    """The parser's one-line complaint when the run was a usage error, else None."""
    if exit_code != 2 or error_type != "SystemExit" or not _USAGE.search(stderr):
        return None
    for pattern in _COMPLAINTS:
        found = pattern.findall(stderr)
        if found:
            return found[-1].strip()
    return "the script printed its usage and exited with code 2"


def misplaced(arguments: tuple[str, ...], complaint: str, options: dict[str, bool]) -> list[str]:
    """The arguments, given after the script, that are resolve's own options the script's parser
    rejected (with the value each takes). `options`: option string -> takes a value."""
    found, index = [], 0
    while index < len(arguments):
        name = arguments[index].split("=", 1)[0]
        takes_value = options.get(name)
        if takes_value is not None and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", complaint):
            width = 2 if takes_value and "=" not in arguments[index] and index + 1 < len(arguments) else 1
            found += arguments[index:index + width]
            index += width
        else:
            index += 1
    return found
