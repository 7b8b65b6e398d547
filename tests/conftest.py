import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"

# The smallest realistic crash: the third Linear expects 12 features and gets 16.
BROKEN = textwrap.dedent("""\
    import torch
    import torch.nn as nn

    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(12, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(10, 8), torch.randint(0, 2, (10,))
    for _ in range(3):
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
    """)
FIXED = BROKEN.replace("nn.Linear(12, 2)", "nn.Linear(16, 2)")


def pytest_addoption(parser):
    parser.addoption("--record", action="store_true",
                     help="write the fixtures' recorded diagnoses anew (tests/test_rule_cases.py, -m slow)")


def pytest_collection_modifyitems(config, items):
    try:
        import torch

        has_cuda = torch.cuda.is_available()
    except ImportError:
        has_cuda = False
    if has_cuda:
        return
    skip = pytest.mark.skip(reason="needs a CUDA device")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fast_layer_forks_nothing(request, monkeypatch):
    """The fast layer runs in-process: a test not marked slow that starts a process fails here.
    Slow modules say so with `pytestmark = pytest.mark.slow`."""
    if request.node.get_closest_marker("slow"):
        return

    def refuse(*args, **kwargs):
        raise AssertionError("a fast-layer test started a process: mark its module or test slow")

    for module, name in [(subprocess.Popen, "__init__"), (os, "fork"), (os, "forkpty"), (os, "posix_spawn"),
                         (os, "execv"), (os, "system")]:
        monkeypatch.setattr(module, name, refuse)


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """Backups go to a temporary cache, never the developer's home."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))


class Result:
    def __init__(self, completed):
        self.code = completed.returncode
        self.stdout = completed.stdout
        self.stderr = completed.stderr

    @property
    def json(self):
        return json.loads(self.stdout)


def resolve(*args, cwd, env=None, timeout=300):
    """Run the real `resolve` command line in a subprocess."""
    completed = subprocess.run(
        [sys.executable, "-m", "resolver", *map(str, args)], cwd=cwd, capture_output=True, text=True,
        timeout=timeout, env={**os.environ, **(env or {})},
    )
    return Result(completed)


def copy_case(case_dir: Path, destination: Path) -> Path:
    shutil.copytree(case_dir, destination, ignore=shutil.ignore_patterns("expected", "case.json", "llm", "__pycache__"))
    return destination


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path
