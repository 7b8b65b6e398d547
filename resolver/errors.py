"""Errors that end resolve before or outside the repair loop; the CLI prints them on one line."""

import argparse
import difflib


class UsageError(Exception):
    """Bad usage or bad input: a one-line message and exit code 2."""


class UsageParser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as a UsageError: one line, no usage dump, and an
    unknown option with the closest known one. Options are never abbreviated: a prefix would be
    read as one option here and as a script argument by the command-line split."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, allow_abbrev=False, **kwargs)

    def parse_args(self, args=None, namespace=None):
        options, unknown = self.parse_known_args(args, namespace)
        if unknown:
            flag = unknown[0].split("=", 1)[0]
            known = [s for action in self._actions for s in action.option_strings]
            close = difflib.get_close_matches(flag, known, n=1, cutoff=0.75) if flag.startswith("-") else []
            hint = f"; did you mean {close[0]}?" if close else f"; see {self.prog} --help"
            raise UsageError(f"unrecognized arguments: {flag}{hint}")
        return options

    def error(self, message):
        raise UsageError(message)
