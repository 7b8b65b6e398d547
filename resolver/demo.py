"""`resolve demo`: repair a broken training script, shipped inside the package, in a temporary
copy, and show the report (which holds the diff). It needs nothing but an installed resolve."""

from __future__ import annotations

import os
import tempfile
from importlib.resources import files
from pathlib import Path
from typing import Callable

from resolver.errors import UsageParser

COMMAND = ["train.py", "--epochs", "3"]


def demo(args: list[str], resolve_main: Callable[[list[str]], int]) -> int:
    """`resolve_main`: the command line's main, handed in so that demo does not import cli."""
    parser = UsageParser(prog="resolve demo",
                         description="Repair a bundled broken training script (a CNN whose Linear expects "
                                     "20x20 images; the data is 28x28) in a temporary folder, and show the "
                                     "report and the diff. Your files are not touched.")
    parser.parse_args(args)
    before = files("resolver").joinpath("demo_case", "train.py").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="resolve-demo-") as folder:
        (Path(folder) / "train.py").write_text(before, encoding="utf-8")
        print(f"Demo: a CNN whose Linear expects 20x20 images; the data is 28x28. In {folder}:\n"
              f"$ resolve {' '.join(COMMAND)}\n", flush=True)
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            code = resolve_main(COMMAND)
        finally:
            os.chdir(cwd)
    return code
