"""The ways resolve stops short of a fix: each ends the loop with FAILED, its message the reason the
report shows."""


class Stop(Exception):
    """Ends the loop with FAILED; the message is the reason shown in the report."""


class NoFixFound(Stop):
    pass


class AttemptsExhausted(Stop):
    pass


class RunLimitReached(Stop):
    pass


class BudgetSpent(Stop):
    """A bound on LLM requests, input tokens or wall time was reached."""


class NeedsAHuman(Stop):
    """The LLM could not be used, or said the fix is a redesign or not in the code."""


class ScriptUsage(Stop):
    """The script's argument parser rejected its command line: a usage error, not a code bug."""

    def __init__(self, complaint: str):
        super().__init__(f"the script's own argument parser rejected its command line ({complaint}); that is "
                         "not a bug in the code, so nothing was tried: give the script the arguments it asks for "
                         "after its name (resolve [OPTIONS] SCRIPT ARGS...)")
        self.complaint = complaint


class ProbeFailed(Stop):
    """No fix was found for an error whose facts the probe could not gather: its fault, not the rules'."""
