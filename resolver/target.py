"""What the user asked to run, checked before anything runs: bad input fails here with one line
(a UsageError, exit 2)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

from resolver import notebook
from resolver.errors import UsageError

PYTHON_SUFFIXES = (".py", ".pyw")
LAUNCHERS = {"torchrun": "torch.distributed.run", "torch.distributed.run": "torch.distributed.run",
             "torch.distributed.launch": "torch.distributed.launch"}
# the launchers' options that take no value; every other option takes one (or is written --name=value)
LAUNCHER_FLAGS = {"--standalone", "--module", "-m", "--no-python", "--no_python", "--run-path", "--run_path",
                  "--virtual-local-rank", "--virtual_local_rank", "--use-env", "--use_env"}


def split_launcher(command: list[str]) -> tuple[str, list[str], list[str]] | None:
    """`torchrun OPTS SCRIPT ARGS` or `-m torch.distributed.run OPTS SCRIPT ARGS` as (the launcher's
    module, its options, the program: SCRIPT ARGS or -m MODULE ARGS); None for a plain command."""
    if command and command[0] == "torchrun":
        module, rest = LAUNCHERS["torchrun"], command[1:]
    elif len(command) > 1 and command[0] == "-m" and command[1] in LAUNCHERS:
        module, rest = LAUNCHERS[command[1]], command[2:]
    else:
        return None
    options, i, as_module = [], 0, False
    while i < len(rest) and rest[i].startswith("-") and rest[i] != "--":
        name = rest[i]
        if name in ("--no-python", "--no_python"):
            raise UsageError(f"{command[0]} --no-python runs a program that is not Python; resolve runs Python")
        if name in ("-m", "--module"):
            as_module = True
        else:
            options.append(name)
        takes_value = name not in LAUNCHER_FLAGS and "=" not in name
        if takes_value and i + 1 < len(rest):
            options.append(rest[i + 1])
        i += 2 if takes_value else 1
    program = rest[i + (i < len(rest) and rest[i] == "--"):]
    if not program:
        raise UsageError(f"{shlex.join(command[:2])}: no training script given after its options")
    return module, options, (["-m", *program] if as_module else program)


def project_of(command: list[str]) -> Path:
    """The folder whose files resolve may change: the current directory when the script is
    inside it (or for -m), else the script's own folder."""
    cwd = Path.cwd().resolve()
    launched = split_launcher(command)
    command = launched[2] if launched else command
    if not command or command[0] == "-m":
        return cwd
    script_dir = Path(command[0]).resolve().parent
    return cwd if script_dir.is_relative_to(cwd) else script_dir


def make_target(command: list[str], python: str):
    """Check what the user asked to run, so that bad input fails here with one line."""
    from resolver.run.runner import Target

    interpreter = shutil.which(python) if os.sep not in python else (python if os.access(python, os.X_OK) else None)
    if interpreter is None or os.path.isdir(interpreter):
        raise UsageError(f"--python {python}: no such interpreter")
    cwd = Path.cwd()
    launched = split_launcher(command)
    if launched is not None:
        module, options, program = launched
        plain = make_target(program, python)
        return replace(plain, project=project_of(command), launcher=(module, *options))
    if command[0] == "-m":
        if len(command) < 2:
            raise UsageError("-m needs a module name")
        module = command[1]
        _check_module(interpreter, module, cwd)
        return Target(None, module, tuple(command[2:]), cwd, project_of(command), interpreter)
    script = Path(command[0])
    _check_script(script)
    return Target(script, None, tuple(command[1:]), cwd, project_of(command), interpreter)


def _check_script(script: Path) -> None:
    if not script.exists():
        raise UsageError(f"{script}: no such file")
    if script.is_dir():
        raise UsageError(f"{script}: is a directory, not a Python script")
    try:
        raw = script.read_bytes()
    except OSError as exc:
        raise UsageError(f"{script}: cannot read: {exc.strerror}") from None
    if b"\0" in raw:
        raise UsageError(f"{script}: is a binary file, not a Python script")
    if notebook.is_notebook(script):
        try:
            notebook.check(raw, str(script))
        except notebook.NotebookError as exc:
            raise UsageError(str(exc)) from None
        raw = notebook.to_python(raw).text.encode("utf-8")
    elif script.suffix not in PYTHON_SUFFIXES and not re.match(rb"#![^\n]*python", raw):
        raise UsageError(f"{script}: not a Python script (resolve runs .py files, notebooks and files with a "
                         "python #! line)")
    try:
        compile(raw, str(script), "exec", dont_inherit=True)
    except SyntaxError as exc:
        if script.suffix != ".py" and not notebook.is_notebook(script):
            raise UsageError(f"{script}: not a Python script") from None
        where = notebook.cell_line(raw.decode("utf-8"), exc.lineno or 0) if notebook.is_notebook(script) else None
        at = f" cell {where[0]}, line {where[1]}" if where else f":{exc.lineno}"
        raise UsageError(f"{script}{at}: {type(exc).__name__}: {exc.msg}") from None
    except ValueError as exc:
        raise UsageError(f"{script}: not a Python script ({exc})") from None


def _check_module(interpreter: str, module: str, cwd: Path) -> None:
    probe = ("import importlib.util, sys\n"
             "try:\n    found = importlib.util.find_spec(sys.argv[1]) is not None\n"
             "except Exception:\n    found = False\nsys.exit(0 if found else 3)")
    result = subprocess.run([interpreter, "-c", probe, module], cwd=cwd, capture_output=True)
    if result.returncode != 0:
        raise UsageError(f"-m {module}: no module named {module!r}")


def input_notes(target) -> tuple[str, ...]:
    """What the report should say about how the input was read: a notebook's skipped lines."""
    if target.script is None or not notebook.is_notebook(target.script):
        return ()
    program = notebook.to_python((target.cwd / target.script).read_bytes())
    note = notebook.skipped_note(program, str(target.script))
    return (note,) if note else ()
