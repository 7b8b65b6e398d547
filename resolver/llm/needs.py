"""What a message family says the first request must carry, beyond the code on the failing path.

Each family of the error catalogue may name kinds of code (`Family.context`); the request shows
them ahead of the rest, because the fix is usually there and the traceback does not point at it:
- "module_classes": each project class of the failing module chain, and each project class the
  message names, whole (a misspelled `forwad` or `__int__` is a method the traceback never ran);
- "dataset": the Dataset class behind the failing loader, whole, and the project functions its
  methods call (the helper that loads or maps the labels);
- "config": the project's configuration files that hold the numbers (`num_classes: 10`), those
  the command names or the code opens first."""

from __future__ import annotations

import re
from pathlib import Path

from resolver.diagnose.catalogue import family
from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._source import project_files
from resolver.write.edits import Workspace, display_path

KINDS = frozenset({"module_classes", "dataset", "config"})
CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".toml", ".ini", ".cfg")
MAX_CONFIGS = 3  # files, each cut at CONFIG_LINES: a bound on what the configs cost
CONFIG_LINES = 80
CLASS_NAME = re.compile(r"\b[A-Z]\w+\b")


def required(error: Diagnosis) -> tuple[str, ...]:
    found = family(error.category)
    return found.context if found is not None else ()


def add_code(context, error: Diagnosis, rank: int = 1) -> None:
    """The Python code the family names, added to the request's pieces at `rank`."""
    kinds = required(error)
    project = context.project
    if "module_classes" in kinds:
        names = [m.class_name for m in reversed(error.modules)] + CLASS_NAME.findall(error.message)
        for name in dict.fromkeys(names):
            for found in project.definitions_named(name):
                if found.is_class:
                    context.whole(found, rank)
    if "dataset" in kinds and error.loader is not None and error.loader.dataset_class:
        name = error.loader.dataset_class.rsplit(".", 1)[-1]
        for found in project.definitions_named(name):
            if found.is_class:
                context.whole(found, rank)
                for method in project.file(found.file).definitions:
                    if method.qualname.startswith(f"{found.qualname}.") and not method.is_class:
                        context.callees_in(found.file, method, rank)


def configs(error: Diagnosis, workspace: Workspace, cwd: Path) -> str:
    """The configuration files the family needs, as text for the request ("" when none)."""
    if "config" not in required(error):
        return ""
    files = [p for p in project_files(workspace, CONFIG_SUFFIXES) if p.is_file()]
    named = " ".join(workspace.arguments)
    code = " ".join(workspace.text(p) for p in project_files(workspace)[:50])

    def order(path: Path) -> tuple[int, int]:
        return (0 if path.name in named else 1 if path.name in code else 2, len(path.parts))

    parts = []
    for path in sorted(files, key=order)[:MAX_CONFIGS]:
        lines = workspace.text(path).splitlines()
        cut = f"\n... ({len(lines) - CONFIG_LINES} more lines)" if len(lines) > CONFIG_LINES else ""
        parts.append(f"{display_path(path, cwd)} (configuration):\n```\n" + "\n".join(lines[:CONFIG_LINES])
                     + cut + "\n```")
    return "\n\n".join(parts)
