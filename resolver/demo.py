"""`resolve demo`: repair a broken fixture in a temporary copy and show the report and diff."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from resolver.edits import unified_diff
from resolver.errors import UsageError

CASE = Path(__file__).resolve().parents[1] / "fixtures" / "linear_in_features" / "cnn_flatten_size"
COMMAND = ["train.py", "--epochs", "3"]


def demo(args: list[str]) -> int:
    if args:
        raise UsageError(f"demo takes no arguments (got {' '.join(args)})")
    if not CASE.exists():
        raise UsageError("the demo needs a source checkout of resolver: fixtures/ was not found")
    from resolver.cli import main

    with tempfile.TemporaryDirectory(prefix="resolve-demo-") as folder:
        shutil.copy(CASE / "train.py", folder)
        before = (CASE / "train.py").read_text()
        print(f"Demo: {CASE.relative_to(CASE.parents[2])}/train.py (a CNN whose Linear expects 20x20 "
              f"images; the data is 28x28), copied to {folder}\n$ resolve {' '.join(COMMAND)}\n", flush=True)
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            code = main(COMMAND)
        finally:
            os.chdir(cwd)
        sys.stdout.write("\n" + unified_diff(before, (Path(folder) / "train.py").read_text(), "train.py"))
    return code
