"""Errors that end resolve before or outside the repair loop; the CLI prints them on one line."""

import argparse


class UsageError(Exception):
    """Bad usage or bad input: a one-line message and exit code 2."""


class UsageParser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as a UsageError: one line, no usage dump."""

    def error(self, message):
        raise UsageError(message)
