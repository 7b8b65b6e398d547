"""Gradient clipping writes into the gradients in place (clip_grad_norm_ scales each once,
clip_grad_value_ clamps each twice), which health.py's reset test would read as a hand-written
`p.grad.zero_()`: each clipping call adds the writes it makes to each gradient it clips (id of
the gradient tensor -> its weak reference and writes), read through `health.clipped(grad)`, so that
gradients clipped every step and never cleared still read as accumulating, and a clip of other
parameters (an encoder's alone, another optimizer's model) is not counted against them.

Loaded by path by probe.py (load_beside), after health.py: standard library only; torch is handed in
by the caller."""

import functools
import weakref

WRITES = {"clip_grad_norm_": 1, "clip_grad_value_": 2}  # in-place writes into each gradient per call
KEPT = 4096  # gradients counted before the ones no longer alive are dropped (set_to_none makes new ones)


def install(torch, health):
    counted = {}

    def clipped(grad):
        kept = counted.get(id(grad))
        return kept[1] if kept is not None and kept[0]() is grad else 0

    def count(grad, writes):
        if len(counted) > KEPT:
            for key in [k for k, (ref, _) in counted.items() if ref() is None]:
                del counted[key]
        counted[id(grad)] = (weakref.ref(grad), clipped(grad) + writes)

    health.clipped = clipped
    clip_module = torch.nn.utils.clip_grad
    for name, writes in WRITES.items():
        original = getattr(clip_module, name, None)
        if original is None:
            continue

        @functools.wraps(original)
        def clipping(parameters, *args, _original=original, _writes=writes, **kwargs):
            # a generator (model.parameters()) is read once here and handed on as a list
            parameters = [parameters] if isinstance(parameters, torch.Tensor) else list(parameters)
            for parameter in parameters:
                if parameter.grad is not None:
                    count(parameter.grad, _writes)
            return _original(parameters, *args, **kwargs)

        setattr(clip_module, name, clipping)
        if getattr(torch.nn.utils, name, None) is original:
            setattr(torch.nn.utils, name, clipping)

