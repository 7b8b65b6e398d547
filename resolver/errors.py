"""Errors that end resolve before or outside the repair loop; the CLI prints them on one line."""


class UsageError(Exception):
    """Bad usage or bad input: a one-line message and exit code 2."""

    exit_code = 2
