"""The probe's report: the JSON object probe.py writes to --out and resolver/diagnosis.py reads.

Standard library only: probe.py loads this file by path inside the user's own interpreter, where
resolver may not be installed. Raise VERSION whenever a key changes its meaning or its shape (a
new optional key needs no new version); the probe writes it, diagnosis.py refuses any other."""

VERSION = 1
VERSION_KEY = "schema"

# outcome -> what the script did, and the keys that outcome always writes
OUTCOMES = {
    "ok": ("the script ran to its end", ("versions", "lowered_batch_sizes", "counters")),
    "exception": ("the script raised", ("versions", "lowered_batch_sizes", "counters", "error_type", "message")),
    "exit": ("the script called sys.exit() with a nonzero code",
             ("versions", "lowered_batch_sizes", "counters", "code")),
    "launched": ("torchrun ran the ranks, each under the probe with its own report (ranks/rank<N>.json)",
                 ("failures", "hang")),
    "no_torch": ("the interpreter cannot import torch", ("message",)),
    "no_sandbox": ("the kernel refused the overlay sandbox: resolve runs the script again under the guard",
                   ("message",)),
}

# optional keys every outcome may write: "memory" (memory.py: the limits, each optimizer step's peak with
# the batch it drew, the memory held as each batch is drawn), "health" (an "exception": only "replaced" and
# "optimizers", when a layer an optimizer held was replaced, and "ran_without_grad", the layers a training
# forward ran under no_grad before the crash), "probe_error"; after DDP's
# unused-parameter error, "unused_parameters" (dist.py: the parts of the model that got no gradient); an
# "exception" the script caught itself before it called sys.exit() with a nonzero code: "exited" (that code)


def problem(report):
    """Why this report cannot be read ('' when it can): another probe version, an unknown outcome,
    or a key its outcome always writes missing."""
    version = report.get(VERSION_KEY)
    if version != VERSION:
        return f"the probe wrote report version {version}, this resolve reads version {VERSION}"
    outcome = report.get("outcome")
    if outcome not in OUTCOMES:
        return f"the probe wrote an unknown outcome {outcome!r}"
    missing = [key for key in OUTCOMES[outcome][1] if key not in report]
    return f"the probe's {outcome!r} report lacks {', '.join(missing)}" if missing else ""
