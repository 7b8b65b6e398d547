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
    "exit": ("the script called sys.exit() with a nonzero code", ("versions", "lowered_batch_sizes", "counters", "code")),
    "no_torch": ("the interpreter cannot import torch", ("message",)),
    "no_sandbox": ("the kernel refused the overlay sandbox: resolve runs the script again under the guard",
                   ("message",)),
}

# key -> what it holds
KEYS = {
    VERSION_KEY: "VERSION of the probe that wrote the report",
    "outcome": "one of OUTCOMES",
    "versions": '{"python": "3.11.7", "torch": "2.13.0"}',
    "lowered_batch_sizes": "the batch sizes of the user's DataLoaders that smoke mode lowered",
    "counters": '{"optimizer_steps": int, "backward_calls": int, "batches": int}: how far the run got',
    "code": "the exit code the script asked for",
    "error_type": "the exception's class name",
    "message": "str() of the exception, or why torch or the sandbox could not be had",
    "frames": "the traceback, outermost first: file, line, function, user, code, tensors, models; "
              "after an IndexError a Dataset's __getitem__ also \"lengths\": len() of each list, tuple, tensor or array it keeps as self.name",
    "modules": "the nn.Module calls the exception went through, outermost first: class, path, site, inputs, ...",
    "loaders": '{"last": facts, "failed": facts}: the DataLoaders drawing a batch (site, batch_size, ...); '
               'for a target or embedding index out of bounds also "sample_ranges": each sample position\'s smallest and largest integer, '
               'and "sample_sizes": how many integers a sample holds there; '
               'for samples that cannot be stacked "ragged": position -> [dtype, dimensions] of those of varying shape; '
               'for a None sample the default collate met "none_samples": [samples that are None, samples read]; '
               'for a list where a tensor was expected "sample_kinds": position of the first sample -> "list[float]", "list[int]" or a type name',
    "wrapped_state_dicts": "after a state_dict load error: each project line that took a DataParallel/DDP/compiled "
                           "wrapper's state_dict: file, line, wrapper, attribute (module, _orig_mod), keys behind it",
    "health": "after an \"ok\" run, unless --no-health: how it trained (probe/health.py Health.as_dict): steps, "
              "checked_steps, backward_calls, losses (the first few), last_loss, non_finite (the first backward on a "
              "non-finite loss: step, value, site), optimizers (class, site), records (per checked step: lr, loss, "
              "gradients none/zero/non-finite/finite, parameters changed, reset since the last step, zero_grad "
              "between backward and step, trained in eval mode), params (held, trainable, with_grad, without_grad, "
              "stale, unheld_with_grad), cut_modules (ran in the forward, got no gradient), sites (backward, step, "
              "zero_grad, eval); with --trace-non-finite also origin: the first op whose output was not finite",
    "probe_error": "the probe's own failures while it gathered the facts above, in words; absent when none",
}


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
