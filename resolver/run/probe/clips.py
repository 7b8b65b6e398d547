"""Gradient clipping writes into the gradients in place (clip_grad_norm_ scales each once,
clip_grad_value_ clamps each twice), which health.py's reset test would read as a hand-written
`p.grad.zero_()`: each clipping call adds the writes it makes to `health.clip_writes`, so that
gradients clipped every step and never cleared still read as accumulating.

Loaded by path by probe.py (load_beside), after health.py: standard library only; torch is handed in
by the caller."""

import functools

WRITES = {"clip_grad_norm_": 1, "clip_grad_value_": 2}  # in-place writes into each gradient per call


def install(torch, health):
    clip_module = torch.nn.utils.clip_grad
    for name, writes in WRITES.items():
        original = getattr(clip_module, name, None)
        if original is None:
            continue

        @functools.wraps(original)
        def clipping(*args, _original=original, _writes=writes, **kwargs):
            health.clip_writes += _writes
            return _original(*args, **kwargs)

        setattr(clip_module, name, clipping)
        if getattr(torch.nn.utils, name, None) is original:
            setattr(torch.nn.utils, name, clipping)
