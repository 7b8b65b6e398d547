"""Following a constructor argument's name back to where its number is made (in-process, no torch)."""

from pathlib import Path

import pytest

from resolver.diagnose.diagnosis import Site
from resolver.fix.rules._definitions import definition
from resolver.write.edits import Workspace


def _site(path: Path, call: str, function: str = "__init__", callers=()) -> Site:
    lines = path.read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if call in text)
    return Site(path.resolve(), line, len(lines[line - 1][: lines[line - 1].index(call)].encode()), None, None,
                function, callers=tuple(callers))


def _project(tmp_path: Path, files: dict[str, str]) -> Workspace:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return Workspace(tmp_path.resolve())


MODEL = ("from torch import nn\n\n\nclass Net(nn.Module):\n    def __init__(self, cfg):\n        super().__init__()\n"
         "        self.fc = nn.Linear({arg}, 10)\n")


@pytest.mark.parametrize("files, arg, made, fixed", [
    ({"config.py": "from dataclasses import dataclass\n\n@dataclass\nclass Cfg:\n    flat: int = 32 * 7 * 7\n"},
     "cfg.flat", "config.py", "    flat: int = 32 * 4 * 4\n"),
    ({"opts.py": "import argparse\np = argparse.ArgumentParser()\n"
                 "p.add_argument('--flat-dim', type=int, default=1568)\n"},
     "cfg.flat_dim", "opts.py", "p.add_argument('--flat-dim', type=int, default=512)\n"),
    ({"opts.py": "CONFIG = {'flat': 1568, 'lr': 0.1}\n"}, 'cfg["flat"]', "opts.py",
     "CONFIG = {'flat': 512, 'lr': 0.1}\n"),
    ({"sizes.py": "FLAT = 1568\n"}, "FLAT", "sizes.py", "FLAT = 512\n"),
])
def test_the_number_is_fixed_where_it_is_made(tmp_path, files, arg, made, fixed):
    model = MODEL.format(arg=arg)
    if arg == "FLAT":
        model = "from sizes import FLAT\n" + model
    workspace = _project(tmp_path, {**files, "model.py": model})
    found = definition(workspace, _site(tmp_path / "model.py", "nn.Linear("), 0, "in_features")
    assert found is not None and found.file.path == (tmp_path / made).resolve()
    edit = next(found.edits(1568, 512, "to match"))
    assert fixed in edit.changes[0].after


def test_an_opaque_value_is_offset_whole(tmp_path):
    workspace = _project(tmp_path, {
        "vocab.py": "class Vocab:\n    def __init__(self, words):\n"
                    "        self.index = {w: i + 1 for i, w in enumerate(words)}\n"
                    "        self.size = len(self.index)\n",
        "model.py": "from torch import nn\n\n\ndef build(vocab):\n    return nn.Embedding(vocab.size, 8)\n"})
    found = definition(workspace, _site(tmp_path / "model.py", "nn.Embedding(", "build"), 0, "num_embeddings")
    assert "        self.size = len(self.index) + 1\n" in next(found.edits(40, 41, "")).changes[0].after


@pytest.mark.parametrize("files, arg", [
    # read twice: the hidden size feeds the LSTM too, so the Linear's call is the place to fix
    ({"config.py": "class Cfg:\n    hidden: int = 64\n",
      "other.py": "def lstm(cfg):\n    return nn.LSTM(8, cfg.hidden)\n"}, "cfg.hidden"),
    # made in two places: which one the run used is not visible
    ({"a.py": "class A:\n    flat = 1568\n", "b.py": "class B:\n    flat = 1568\n"}, "cfg.flat"),
    # the default is not the number the layer got (the command line set it)
    ({"opts.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--flat', type=int, default=64)\n"},
     "cfg.flat"),
])
def test_nothing_when_the_link_is_not_certain(tmp_path, files, arg):
    workspace = _project(tmp_path, {**files, "model.py": MODEL.format(arg=arg)})
    found = definition(workspace, _site(tmp_path / "model.py", "nn.Linear("), 0, "in_features")
    assert found is None or list(found.edits(1568, 512, "")) == []


def test_a_print_is_not_a_second_use(tmp_path):
    workspace = _project(tmp_path, {"train.py": (
        "from torch import nn\n\nWIDTH = 100\n\n\ndef main():\n    print(f'width {WIDTH}')\n"
        "    layer = nn.Linear(WIDTH, 2)\n")})
    found = definition(workspace, _site(tmp_path / "train.py", "nn.Linear(", "main"), 0, "in_features")
    assert "WIDTH = 64\n" in next(found.edits(100, 64, "")).changes[0].after


def test_an_opaque_argument_at_the_call_is_offset_whole(tmp_path):
    workspace = _project(tmp_path, {
        "model.py": "from torch import nn\n\n\ndef build(vocab):\n    return nn.Embedding(len(vocab), 8)\n"})
    found = definition(workspace, _site(tmp_path / "model.py", "nn.Embedding(", "build"), 0, "num_embeddings")
    assert "nn.Embedding(len(vocab) + 1, 8)" in next(found.edits(40, 41, "")).changes[0].after


def test_an_opaque_value_with_an_offset_changes_the_offset(tmp_path):
    workspace = _project(tmp_path, {"train.py": "from torch import nn\n\nvocab = open('v').read().split()\n"
                                                "SIZE = len(vocab) - 1\nemb = nn.Embedding(SIZE, 4)\n"})
    found = definition(workspace, _site(tmp_path / "train.py", "nn.Embedding(", "<module>"), 0, "num_embeddings")
    assert "SIZE = len(vocab)\n" in next(found.edits(7, 8, "")).changes[0].after
