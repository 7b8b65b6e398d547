"""Rules that write or match torch names work under every way of importing torch: the names are
matched by qualified name, and `import torch` is added when the file does not bind it.
In-process and torch-free: the diagnosis is the value the probe would report."""

import textwrap
from pathlib import Path

import libcst as cst
import pytest

from resolver.diagnose.diagnosis import Diagnosis, Frame, Loader, Site
from resolver.fix import rules
from resolver.fix.rules._source import Source
from resolver.write.edits import Workspace

# (imports, how the script spells torch.nn, how it spells the torch module or None, F for functional)
SPELLINGS = {
    "import torch.nn as nn": ("import torch.nn as nn\nimport torch.optim\n", "nn", None),
    "from torch import nn": ("from torch import nn\nfrom torch.utils.data import DataLoader\n", "nn", None),
    "from torch.nn import functional as F": ("import torch as T\nfrom torch.nn import functional as F\n", "T.nn", "T"),
    "nn = torch.nn": ("import torch\nnn = torch.nn\n", "nn", "torch"),
}


def _project(tmp_path: Path, text: str) -> tuple[Workspace, Path]:
    path = tmp_path / "train.py"
    path.write_text(textwrap.dedent(text))
    return Workspace(tmp_path.resolve()), path.resolve()


def _line(path: Path, marker: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if marker in line)


def _fixed(diagnosis: Diagnosis, workspace: Workspace) -> str:
    edits = list(rules.candidates(diagnosis, workspace))
    assert edits, "the rule did nothing"
    text = edits[0].changes[0].after
    compile(text, "train.py", "exec")
    return text


def _binds_torch_module(text: str, name: str) -> bool:
    module = Source(Path("x.py"), text, cst.MetadataWrapper(cst.parse_module(text)))
    return module.torch_binding == name


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_leaf_inplace(spelling, tmp_path):
    imports, nn, torch = SPELLINGS[spelling]
    workspace, path = _project(tmp_path, imports + textwrap.dedent(f"""\
        model = {nn}.Linear(3, 1)
        w = model.weight
        for step in range(3):
            loss = model(x).sum()
            loss.backward()
            w -= 0.1 * w.grad
            w.grad.zero_()
        """))
    line = _line(path, "w -= ")
    diagnosis = Diagnosis("RuntimeError", "a leaf Variable that requires grad is being used in an in-place operation.",
                          (Frame(path, line, "<module>", True),))
    text = _fixed(diagnosis, workspace)
    spelled = torch or "torch"
    assert f"    with {spelled}.no_grad():\n        w -= 0.1 * w.grad\n        w.grad.zero_()\n" in text
    assert _binds_torch_module(text, spelled)


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_memory_leaks_wraps_an_eval_loop_and_leaves_a_wrapped_one(spelling, tmp_path):
    imports, nn, torch = SPELLINGS[spelling]
    script = imports + textwrap.dedent(f"""\
        def evaluate(model, batches):
            model.eval()
            for x, y in batches:
                print(model(x))

        net = {nn}.Linear(8, 2)
        evaluate(net, [])
        """)
    workspace, path = _project(tmp_path, script)
    diagnosis = Diagnosis("OutOfMemoryError", "CUDA out of memory. Tried to allocate 2.00 GiB",
                          (Frame(path, _line(path, "print(model(x))"), "evaluate", True),))
    text = _fixed(diagnosis, workspace)
    spelled = torch or "torch"
    assert f"    with {spelled}.no_grad():\n        for x, y in batches:\n" in text
    assert _binds_torch_module(text, spelled)
    # the same loop already under no_grad, however spelled, is no leak
    no_grad = {None: "from torch import no_grad\n", "T": "", "torch": ""}[torch]
    guard = f"{torch}.no_grad()" if torch else "no_grad()"
    workspace, path = _project(tmp_path, no_grad + text.replace("import torch\n", "", 1).replace(
        f"with {spelled}.no_grad():", f"with {guard}:"))
    diagnosis = Diagnosis("OutOfMemoryError", "CUDA out of memory.",
                          (Frame(path, _line(path, "print(model(x))"), "evaluate", True),))
    assert list(rules.candidates(diagnosis, workspace)) == []


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_no_grad_fn_finds_the_rewrap_and_the_no_grad_block(spelling, tmp_path):
    imports, nn, torch = SPELLINGS[spelling]
    tensor, no_grad = (f"{torch}.tensor", f"{torch}.no_grad") if torch else ("tensor", "no_grad")
    extra = "" if torch else "from torch import no_grad, tensor\n"
    workspace, path = _project(tmp_path, imports + extra + textwrap.dedent(f"""\
        model = {nn}.Linear(3, 1)
        with {no_grad}():
            out = model(x)
            loss = {tensor}(out.sum().item())
            loss.backward()
        """))
    diagnosis = Diagnosis("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn",
                          (Frame(path, _line(path, "loss.backward()"), "<module>", True),))
    edits = list(rules.candidates(diagnosis, workspace))
    afters = [e.changes[0].after for e in edits]
    assert any("    loss = out.sum()\n" in a for a in afters), "the rewrap and .item() are removed"
    assert any(f"with {no_grad}()" not in a and a.startswith(imports) for a in afters), "the block is unwrapped"


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_ragged_batch(spelling, tmp_path):
    imports, nn, torch = SPELLINGS[spelling]
    loader_import = "" if "DataLoader" in imports else "from torch.utils.data import DataLoader\n"
    workspace, path = _project(tmp_path, imports + loader_import + textwrap.dedent("""\
        data = [(list(range(n)), n % 2) for n in range(3, 9)]
        loader = DataLoader(data, batch_size=4)
        for batch in loader:
            pass
        """))
    line = _line(path, "loader = DataLoader(")
    loader = Loader(Site(path, line, 9, line, 38, "<module>"), 4, False, None, 6)
    diagnosis = Diagnosis("RuntimeError", "stack expects each tensor to be equal size, but got [3] at entry 0",
                          (Frame(path, _line(path, "for batch"), "<module>", True),), loader=loader)
    text = _fixed(diagnosis, workspace)
    spelled = torch or "torch"
    assert f"return {spelled}.nn.utils.rnn.pad_sequence(list(items), batch_first=True)" in text
    assert "loader = DataLoader(data, batch_size=4, collate_fn=pad_collate)" in text
    assert _binds_torch_module(text, spelled)
