"""Warm runs: forked from a server that imported torch once, each run sees what a fresh
interpreter would; when the server cannot be used, runs start their own interpreter."""

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import BROKEN, resolve, write

from resolver.run.runner import Settings, Target, child_environment, run
from resolver.run.warm import WarmServer

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

# Everything a script can see of the interpreter it runs in, that a server could leak.
INTROSPECT = textwrap.dedent("""\
    import json, os, signal, sys, warnings
    import numpy as np
    import torch

    big = torch.randn(512, 512)
    product = big @ big  # an OpenMP-parallel op: deadlocks if the pool existed before the fork
    print(json.dumps({
        "argv": sys.argv,
        "main": sys.modules["__main__"].__file__,
        "cwd": os.getcwd(),
        "path0": sys.path[0],
        "path": sys.path[1:],
        "signals": {s.name: repr(signal.getsignal(s)) for s in (signal.SIGINT, signal.SIGTERM, \
signal.SIGPIPE, signal.SIGCHLD)},
        "torch_seed": torch.initial_seed(),
        "first_rand": torch.rand(3).tolist(),
        "numpy_draw": float(np.random.rand()),
        "filters": [repr(f) for f in warnings.filters],
        "threads": torch.get_num_threads(),
        "cuda_initialized": torch.cuda.is_initialized(),
        "env": os.environ.get("RESOLVE_TEST_MARK"),
        "project_modules": sorted(m for m in sys.modules if m.startswith(("helper", "_resolver"))),
        "product_finite": bool(torch.isfinite(product).all()),
    }))
    """)


def _introspect(tmp_path, server):
    target = Target(tmp_path / "look.py", None, ("--flag", "x"), tmp_path, tmp_path, sys.executable)
    result = run(target, Settings(timeout=120), {}, server=server)
    assert result.passed, result.stderr_tail
    return json.loads(result.stdout_tail.strip().splitlines()[-1])


def test_a_warm_run_sees_what_a_fresh_interpreter_sees(tmp_path, monkeypatch):
    write(tmp_path / "look.py", INTROSPECT)
    monkeypatch.setenv("RESOLVE_TEST_MARK", "at-start")
    cold = _introspect(tmp_path, None)
    with WarmServer(sys.executable, child_environment()) as server:
        monkeypatch.setenv("RESOLVE_TEST_MARK", "per-run")  # each run takes the environment of its moment
        warm = _introspect(tmp_path, server)
        again = _introspect(tmp_path, server)
        assert not server.reason
    assert warm["env"] == again["env"] == "per-run" and cold["env"] == "at-start"
    for key in ("numpy_draw", "torch_seed", "first_rand"):
        assert warm[key] != again[key], "global random states are drawn anew per run, as in a fresh process"
    for key in ("env", "numpy_draw", "torch_seed", "first_rand"):
        del warm[key], cold[key]
    assert warm == cold
    assert (cold["argv"][1:] == ["--flag", "x"] and cold["argv"][0].endswith("look.py")
            and cold["signals"]["SIGINT"] == "<built-in function default_int_handler>")
    assert cold["project_modules"] == [] and cold["cuda_initialized"] is False


def test_torch_reads_its_thread_settings_from_the_users_environment(tmp_path, monkeypatch):
    write(tmp_path / "look.py", INTROSPECT)
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    with WarmServer(sys.executable, child_environment()) as server:
        assert _introspect(tmp_path, server)["threads"] == 1


def test_a_server_that_cannot_start_falls_back_to_one_interpreter_per_run_and_says_so(tmp_path):
    python = write(tmp_path / "bin" / "python", textwrap.dedent(f"""\
        #!/bin/sh
        case "$1" in *server.py) echo "no warm interpreter here" >&2; exit 3;; esac
        exec {sys.executable} "$@"
        """))
    python.chmod(0o755)
    write(tmp_path / "train.py", BROKEN)
    result = resolve("--no-llm", "-v", "--python", python, "train.py", cwd=tmp_path)
    assert result.code == 0, result.stderr
    assert "the warm interpreter cannot be used: it did not start: no warm interpreter here" in result.stderr
    assert "Status: SUCCESS" in result.stdout


def test_a_server_killed_between_runs_is_replaced_by_cold_runs(tmp_path):
    write(tmp_path / "look.py", INTROSPECT)
    with WarmServer(sys.executable, child_environment()) as server:
        _introspect(tmp_path, server)
        os.kill(server.process.pid, 9)
        server.process.wait()
        assert _introspect(tmp_path, server)["argv"][0].endswith("look.py")
        assert "stopped answering" in server.reason
    assert not Path(server.socket_path).exists()


LATER_IMPORTS = textwrap.dedent("""\
    import os, sys, threading
    print(int("torch._dynamo" in sys.modules), len(os.listdir("/proc/self/task")), threading.active_count())
    """)


def test_runs_after_the_first_find_what_an_optimizer_imports_already_there_and_one_thread(tmp_path):
    """torch.optim's first optimizer imports torch._dynamo (most of a small script's time after
    `import torch`): the server imports it while run 1 goes on, and joins that import before it
    forks again, so no child starts with a second thread."""
    write(tmp_path / "later.py", LATER_IMPORTS)
    target = Target(tmp_path / "later.py", None, (), tmp_path, tmp_path, sys.executable)
    with WarmServer(sys.executable, child_environment()) as server:
        seen = []
        for _ in range(2):
            result = run(target, Settings(timeout=120), {}, server=server)
            assert result.passed, result.stderr_tail
            seen.append(result.stdout_tail.split()[-3:])
    assert seen[1] == ["1", "1", "1"], seen
