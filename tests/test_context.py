"""What the first request shows: the code that holds the bug, found from the diagnosis through
the project's imports, within the budget. In-process, on small real projects in temp dirs and
diagnoses as the probe writes them (file, line, function of each frame; the module chain)."""

from pathlib import Path

from conftest import write

from resolver.diagnose.diagnosis import Diagnosis, Frame, Loader, Module, Site
from resolver.llm.client import estimate_tokens
from resolver.llm.context import build
from resolver.write.edits import Workspace

TORCH = Path("/usr/lib/python3/site-packages/torch/nn/modules/module.py")


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def frame(path: Path, text: str, function: str = "<module>") -> Frame:
    return Frame(path.resolve(), line_of(path, text), function, True, text)


def shown(project: Path, error: Diagnosis, budget: int = 4000) -> tuple[str, str]:
    return build(error, Workspace(project.resolve()), project, (project.resolve(),), budget, estimate_tokens)


def test_a_helper_called_on_a_line_before_in_another_file(tmp_path):
    write(tmp_path / "steps.py", "import torch\n\n\ndef run_batch(model, x):\n    out = model(x)\n"
                                 "    return out.detach()  # the bug\n\n\ndef unrelated():\n    return 1\n")
    train = write(tmp_path / "train.py", "import torch\nimport torch.nn.functional as F\n"
                                         "from steps import run_batch\n\n"
                                         "model = torch.nn.Linear(3, 2)\nfor x, y in data:\n"
                                         "    logits = run_batch(model, x)\n    loss = F.cross_entropy(logits, y)\n"
                                         "    loss.backward()\n")
    error = Diagnosis("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn",
                      (frame(train, "loss.backward()"),))
    source, files = shown(tmp_path, error)
    assert "    return out.detach()  # the bug" in source
    assert "def unrelated" not in source and "steps.py" in files.splitlines()[0]


def test_a_loss_class_in_another_file_reached_through_the_instance(tmp_path):
    write(tmp_path / "pkg" / "__init__.py", "")
    write(tmp_path / "pkg" / "losses.py", "import torch.nn as nn\n\n\nclass SmoothLoss(nn.Module):\n"
                                          "    def __init__(self, eps=0.1):\n        super().__init__()\n"
                                          "        self.eps = eps\n\n    def forward(self, out, y):\n"
                                          "        return ((out - y) ** 2).mean().item()  # the bug\n")
    train = write(tmp_path / "train.py", "from pkg.losses import SmoothLoss as Loss\n\ncriterion = Loss(0.2)\n"
                                         "for x, y in data:\n    loss = criterion(model(x), y)\n    loss.backward()\n")
    error = Diagnosis("AttributeError", "'float' object has no attribute 'backward'",
                      (frame(train, "loss.backward()"),))
    source, _ = shown(tmp_path, error)
    assert "return ((out - y) ** 2).mean().item()  # the bug" in source and "def __init__(self, eps=0.1):" in source


def test_the_init_of_the_failing_module_and_a_method_its_forward_calls(tmp_path):
    models = write(tmp_path / "models.py", "import torch.nn as nn\n\n\nclass Head(nn.Module):\n"
                                           "    def __init__(self, hidden):\n        super().__init__()\n"
                                           "        self.fc = nn.Linear(hidden, 10)  # the bug: hidden * 2\n\n"
                                           "    def forward(self, h):\n        return self.fc(h)\n\n\n"
                                           "class Net(nn.Module):\n    def __init__(self):\n"
                                           "        super().__init__()\n"
                                           "        self.rnn = nn.LSTM(8, 16, bidirectional=True)\n"
                                           "        self.head = Head(16)\n\n"
                                           "    def init_hidden(self, batch):\n        return None  # the helper\n\n"
                                           "    def forward(self, x):\n        state = self.init_hidden(x.size(0))\n"
                                           "        out, _ = self.rnn(x, state)\n        return self.head(out[-1])\n")
    head = Module("head", "Head", "models.Head", {}, (), None)
    linear = Module("head.fc", "Linear", "torch.nn.modules.linear.Linear", {"in_features": 16}, (), None)
    error = Diagnosis("RuntimeError", "mat1 and mat2 shapes cannot be multiplied (2x32 and 16x10)",
                      (frame(models, "return self.fc(h)", "forward"),), (Module("", "Net", "models.Net", {}, (), None),
                                                                        head, linear))
    source, _ = shown(tmp_path, error)
    assert "self.fc = nn.Linear(hidden, 10)  # the bug" in source
    assert "self.rnn = nn.LSTM(8, 16, bidirectional=True)" in source
    outer = Diagnosis("RuntimeError", "boom", (frame(models, "out, _ = self.rnn(x, state)", "forward"),))
    assert "return None  # the helper" in shown(tmp_path, outer)[0]


def test_the_dataset_and_collate_function_when_a_batch_fails(tmp_path):
    write(tmp_path / "data.py", "import torch\nfrom torch.utils.data import Dataset\n\n\nclass Pairs(Dataset):\n"
                                "    def __len__(self):\n        return 10\n\n    def __getitem__(self, i):\n"
                                "        return torch.zeros(i + 1)  # the bug: ragged\n\n\n"
                                "def stack(items):\n    return torch.stack(items)  # the collate\n")
    train = write(tmp_path / "train.py", "from torch.utils.data import DataLoader\nimport data\n\n"
                                         "dataset = data.Pairs()\n"
                                         "loader = DataLoader(dataset, batch_size=4, collate_fn=data.stack)\n"
                                         "for batch in loader:\n    pass\n")
    site = Site(train.resolve(), 5, None, None, None, "<module>")
    error = Diagnosis("RuntimeError", "stack expects each tensor to be equal size",
                      (frame(train, "for batch in loader:"), Frame(TORCH, 1, "__next__", False)),
                      loader=Loader(site, 4, False, "stack", 10))
    source, _ = shown(tmp_path, error)
    assert ("return torch.zeros(i + 1)  # the bug: ragged" in source
            and "return torch.stack(items)  # the collate" in source)


def test_a_function_the_error_message_names(tmp_path):
    write(tmp_path / "loaders.py",
          "def build_dataloaders(ds):\n    return DataLoader(ds, collate_fn=lambda b: b)  # named\n")
    train = write(tmp_path / "train.py", "from loaders import build_dataloaders\nloader = build_dataloaders(ds)\n"
                                         "for b in loader:\n    pass\n")
    error = Diagnosis("AttributeError", "Can't pickle local object 'build_dataloaders.<locals>.<lambda>'",
                      (frame(train, "for b in loader:"),))
    assert "collate_fn=lambda b: b)  # named" in shown(tmp_path, error)[0]


def test_long_literals_are_cut_to_their_shape_and_the_budget_holds(tmp_path):
    numbers = ", ".join(str(i * 0.5) for i in range(4000))
    train = write(tmp_path / "train.py", f"import torch\n\nTABLE = [\n    [{numbers}],\n    [{numbers}],\n]\n"
                                         "x = torch.tensor(TABLE)\ny = x @ x\n")
    for i in range(41):
        write(tmp_path / f"extra_{i}.py", "def f():\n    return 1\n" * 30)
    error = Diagnosis("RuntimeError", "mat1 and mat2 shapes cannot be multiplied", (frame(train, "y = x @ x"),))
    source, files = shown(tmp_path, error, budget=1500)
    assert "TABLE = [...]  # literal cut: 2 x 4000 elements, 59,575 characters" in source and numbers not in source
    assert estimate_tokens(source) <= 1500
    assert "y = x @ x" in source and "- extra_0.py: 60 lines, not shown; defines f" in files
    assert "- and 1 more files" in files


def test_the_budget_keeps_the_most_relevant_first(tmp_path):
    body = "".join(f"    v{i} = {i}\n" for i in range(50))
    write(tmp_path / "helpers.py", f"def helper(x):\n{body}    return x\n")
    train = write(tmp_path / "train.py", "from helpers import helper\n\n\ndef step(x):\n    y = helper(x)\n"
                                         "    return y.view(3)  # fails\n")
    error = Diagnosis("RuntimeError", "shape '[3]' is invalid", (frame(train, "return y.view(3)", "step"),))
    source, _ = shown(tmp_path, error, budget=120)
    assert "return y.view(3)  # fails" in source and "def helper" not in source
    assert "def helper" in shown(tmp_path, error, budget=2000)[0]
