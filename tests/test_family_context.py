"""The first LLM request carries the code its message family names (catalogue/context.py): the
class whose `forward` is misspelled, the helper that loads the labels, the config file that holds
the number. One test per family: the real `anthropic` SDK, in process, sends the request to the
fake server on 127.0.0.1 (a thread), and what it received is checked. The needed code is never on
a frame, so only the family's needs bring it."""

import time
from pathlib import Path

import pytest
from conftest import write
from fake_anthropic import FakeAnthropic, Reply

from resolver.diagnose.catalogue import family
from resolver.diagnose.catalogue.context import CLASSES, CONFIG, CONTEXT, DATASET
from resolver.diagnose.diagnosis import Diagnosis, Frame, Loader, Module
from resolver.llm.client import Claude
from resolver.llm.needs import KINDS
from resolver.write.edits import Workspace

MODELS = '''import torch.nn as nn


class Tagger(nn.Module):
    def __init__(self, vocab, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, 16)
        self.head = nn.Linear(16, classes)

    def forwad(self, ids):  # MARK: the misspelled forward
        return self.head(self.embed(ids).mean(1))
'''
DATA = '''import csv

from torch.utils.data import Dataset


def load_labels(path):
    with open(path) as rows:
        return [int(row["label"]) - 1 for row in csv.DictReader(rows)]  # MARK: the label helper


class Sentences(Dataset):
    def __init__(self, path):
        self.labels = load_labels(path)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, index):
        return index, self.labels[index]
'''
TRAIN = '''import yaml
import torch
from torch.utils.data import DataLoader

from data import Sentences
from models import Tagger

config = yaml.safe_load(open("config.yaml"))
model = Tagger(config["vocab"], config["num_classes"])
loader = DataLoader(Sentences("train.csv"), batch_size=4)
for ids, labels in loader:
    loss = torch.nn.functional.cross_entropy(model(ids), labels)
    loss.backward()
'''
CONFIG_TEXT = "vocab: 100\nnum_classes: 3  # MARK: the configured size\n"
MARKS = {CLASSES: "def forwad(self, ids):  # MARK: the misspelled forward",
         DATASET: 'return [int(row["label"]) - 1 for row in csv.DictReader(rows)]  # MARK: the label helper',
         CONFIG: "num_classes: 3  # MARK: the configured size"}


def project(root: Path) -> Path:
    write(root / "models.py", MODELS)
    write(root / "data.py", DATA)
    write(root / "configs" / "config.yaml", CONFIG_TEXT)
    write(root / "configs" / "unrelated.json", '{"seed": 1}\n')
    return write(root / "train.py", TRAIN)


def diagnosis(category: str, train: Path) -> Diagnosis:
    kind, message = family(category).examples[0].split(": ", 1)
    line = next(i for i, text in enumerate(train.read_text().splitlines(), 1) if "cross_entropy" in text)
    frame = Frame(train.resolve(), line, "<module>", True, "loss = ...")
    tagger = Module("", "Tagger", "models.Tagger", {}, (), None)
    loader = Loader(None, 4, False, None, 9, "data.Sentences", train.parent / "data.py")
    error = Diagnosis(kind, message, (frame,), modules=(tagger,), loader=loader)
    assert error.category == category, "the family's own example must classify as the family"
    return error


@pytest.fixture(scope="module")
def fake():
    with FakeAnthropic([Reply("no patch here")], cycle=True) as server:
        yield server


def first_request(error: Diagnosis, root: Path, fake: FakeAnthropic, monkeypatch) -> str:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    context = {"command": "train.py --config configs/config.yaml", "cwd": str(root), "script_dir": str(root),
               "batch_size": "2", "batches": "3", "output": ""}
    workspace = Workspace(root.resolve(), arguments=("--config", "configs/config.yaml"))
    before = len(fake.requests)
    proposals = Claude("claude-test-model").propose(error, workspace, context, lambda edit: "", time.monotonic() + 60)
    next(proposals)  # the reply has no patch: rejected, after exactly one request
    assert len(fake.requests) == before + 1
    return fake.sent_text(before)


def test_every_family_names_kinds_the_request_knows():
    assert {kind for kinds in CONTEXT.values() for kind in kinds} <= KINDS
    assert all(family(category).context == kinds for category, kinds in CONTEXT.items())


@pytest.mark.parametrize("category", sorted(CONTEXT))
def test_the_first_request_holds_what_the_family_names(category, tmp_path, fake, monkeypatch):
    train = project(tmp_path)
    sent = first_request(diagnosis(category, train), tmp_path, fake, monkeypatch)
    for kind in CONTEXT[category]:
        assert MARKS[kind] in sent, f"{category}: the first request lacks its {kind}"
    if CONFIG in CONTEXT[category]:
        named, other = sent.find("configs/config.yaml (configuration):"), sent.find("configs/unrelated.json")
        assert 0 <= named < other  # the file the command names comes first


def test_a_family_that_names_nothing_does_not_bring_that_code(tmp_path, fake, monkeypatch):
    """The same project and facts under a family with no needs: the marks are off the failing
    path, so the request does not carry them; what the needs add is what makes the tests above pass."""
    train = project(tmp_path)
    sent = first_request(diagnosis("shape.cat_sizes", train), tmp_path, fake, monkeypatch)
    assert not [mark for mark in MARKS.values() if mark in sent]
