"""probe/clips.py in process: clipping's in-place writes are counted per gradient tensor, so the
reset test of one optimizer's gradient does not count a clip of other parameters."""

import importlib.util
import types
from pathlib import Path

import torch

import resolver

NAMES = ("clip_grad_norm_", "clip_grad_value_")


def _clips():
    path = Path(resolver.__file__).parent / "run" / "probe" / "clips.py"
    spec = importlib.util.spec_from_file_location("clips_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_gradient_counts_the_clips_of_its_own_parameter():
    originals = {n: (getattr(torch.nn.utils.clip_grad, n), getattr(torch.nn.utils, n)) for n in NAMES}
    health = types.SimpleNamespace(clipped=lambda grad: 0)
    _clips().install(torch, health)
    try:
        encoder, head = torch.nn.Linear(3, 3), torch.nn.Linear(3, 1)
        head(encoder(torch.randn(4, 3))).sum().backward()
        torch.nn.utils.clip_grad_norm_(encoder.parameters(), 1.0)  # a generator, read once
        torch.nn.utils.clip_grad_value_(encoder.weight, 0.01)
        assert health.clipped(encoder.weight.grad) == 3  # one write by the norm clip, two by the value clip
        assert health.clipped(encoder.bias.grad) == 1
        assert health.clipped(head.weight.grad) == 0  # never clipped
        assert encoder.weight.grad.abs().max() <= 0.01  # the clips still ran on every parameter given
        encoder.weight.grad = None
        encoder(torch.randn(2, 3)).sum().backward()
        assert health.clipped(encoder.weight.grad) == 0  # a new gradient tensor starts at 0
    finally:
        for name, (inner, outer) in originals.items():
            setattr(torch.nn.utils.clip_grad, name, inner)
            setattr(torch.nn.utils, name, outer)
