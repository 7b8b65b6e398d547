"""The in-place chain `inplace_autograd` looks for, read from code in process: which layer wrote
into the output of the in-place layer the error names, and which look-alikes are not one."""

from pathlib import Path

from resolver.fix.rules._source import parsed
from resolver.fix.rules.inplace_autograd import _chained_writers, _overwritten_op

CODE = """
import torch.nn as nn
import torch.nn.functional as F

act = nn.ReLU(inplace=True)
kept = [nn.ReLU(inplace=True), act, nn.Dropout(inplace=True)]
order = nn.Sequential(nn.Dropout(inplace=True), nn.ReLU(inplace=True))
chain = nn.Sequential(nn.Linear(4, 4), nn.ReLU(inplace=True), nn.Dropout(0.2, inplace=True))


def forward(x, y):
    h = F.relu(x, inplace=True)
    h = h + y
    g = F.relu(x, inplace=True)
    g = F.dropout(g, 0.1, True, inplace=True)
    return h, g
"""


def _writers(op: str) -> list[str]:
    source = parsed(Path("model.py"), CODE)
    return [source.code(w) for w in _chained_writers(source, op)]


def test_only_an_inplace_layer_right_after_the_named_one_is_a_writer():
    # a name between the two, the reverse order, and an out-of-place statement between are not chains
    assert _writers("relu") == ["nn.Dropout(0.2, inplace=True)", "F.dropout(g, 0.1, True, inplace=True)"]


def test_the_named_op_must_match():
    assert _writers("leakyrelu") == []


def test_the_op_is_read_from_the_message():
    message = ("one of the variables needed for gradient computation has been modified by an inplace operation: "
               "[torch.FloatTensor [2, 256]], which is output 0 of LeakyRelu1, is at version 2")
    assert _overwritten_op(message) == "leakyrelu"
    assert _overwritten_op(message.replace("LeakyRelu1", "ReluBackward0")) == "relu"
    assert _overwritten_op("modified by an inplace operation") is None
