"""The words a resolve ends with (its Status) and that judge each attempt (its Verdict).

They are `str` enums so that JSON, f-strings and the report's `Status:` line show the bare value,
byte for byte what the plain strings gave (`__str__` keeps that on Python 3.10 and 3.11+, whose
format() of mixed-in enums differ)."""

from __future__ import annotations

from enum import Enum


class _Word(str, Enum):
    def __str__(self) -> str:
        return self.value


class Status(_Word):
    SUCCESS = "SUCCESS"  # every error fixed and verified
    FAILED = "FAILED"  # stopped with an error left (see Outcome.stop_reason)
    NO_ERROR = "NO_ERROR"  # the script ran without an error: nothing to fix


class Verdict(_Word):
    FIXED = "fixed"  # the error is gone (the run passed, or failed later with another one)
    SAME_ERROR = "same error"
    FAILED_EARLIER = "failed earlier"  # a different error before the old one struck: damage
    FEWER_STEPS = "fewer training steps"  # exited 0 by skipping training
    REJECTED = "rejected"  # an LLM patch refused before it was applied
    REPEATED = "repeated"  # an LLM patch that gives files already run
    CUTS_GRAPH = "stops the crash, but the model no longer learns"  # its run fails a gradient check

