"""The category ids: a pattern over "ErrorType: message" for each, the stop conditions where a
source edit is the wrong answer, and the advice given when no edit helped. All three are read from
the error catalogue (resolver/diagnose/catalogue/), the one table of message families."""

from __future__ import annotations

import re

from resolver.diagnose.catalogue import FAMILIES, FLAGS

# (category id, pattern over "ErrorType: message"). The first match wins; ids are stable.
CATEGORIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (f.category, re.compile(f.pattern, FLAGS)) for f in FAMILIES
)

# Categories where a source edit is the wrong answer: the seed's stop conditions.
STOP_REASONS = {f.category: f.stop_reason for f in FAMILIES if f.stop_reason}

# When no rule's edit helped: what the seed says to do instead of editing code.
EXHAUSTED_ADVICE = {f.category: f.when_exhausted for f in FAMILIES if f.when_exhausted}

# The kind of error a category id's family names, in words for reports: a reader never sees the id itself.
KINDS = {
    "shape": "a tensor shape mismatch", "device": "a device problem (CPU/CUDA)", "numpy": "a NumPy conversion error",
    "autograd": "an autograd (backward pass) error", "dtype": "a dtype mismatch", "index": "an index out of range",
    "data": "a data pipeline error (Dataset, DataLoader, batches)", "module": "an nn.Module definition error",
    "checkpoint": "a checkpoint loading error", "scheduler": "a learning-rate scheduler call error",
    "batchnorm": "a BatchNorm error", "loss": "a loss function input error", "tensor": "a tensor conversion error",
    "type": "a type error", "memory": "running out of memory", "hardware": "a GPU driver or library fault",
    "syntax": "a syntax error", "import": "a missing module or package, which may be an environment problem",
    "api": "a PyTorch function called outside its contract", "amp": "a mixed-precision (AMP) error",
    "compile": "a torch.compile error", "cuda": "a CUDA runtime error", "dist": "a distributed-training error",
    "optim": "an optimizer setup error", "health": "a training-health problem (the script runs but does not train)",
    "io": "a file-system error (a path that exists, or is missing)",
}
# categories that may come from the machine rather than the code: the report adds the doctor's summary
ENVIRONMENT_CATEGORIES = ("import.missing_module", "device.no_cuda", "device.mismatch", "hardware.cudnn",
                          "hardware.driver", "memory.cuda_oom")


def in_words(category: str) -> str:
    """"shape.linear_in_features" -> "a tensor shape mismatch (linear in features)"."""
    family, _, detail = category.partition(".")
    if family not in KINDS:
        return "an error of a kind resolve has no rule family for"
    return f"{KINDS[family]} ({detail.replace('_', ' ')})" if detail else KINDS[family]
