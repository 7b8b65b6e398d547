"""Trainable tensors a module keeps where nn.Module does not look: a leaf tensor that requires grad (or an
nn.Parameter) set as a plain attribute inside a dict, list or tuple, or held in the module's __dict__ some
other way, is not registered, so module.parameters() and the optimizer never see it. The run shows it: the
tensor got a gradient, no optimizer holds it, and nothing ever wrote into it (its version is still 0; a
tensor updated by hand, such as an adversarial perturbation, is written to). Read once, when the summary is
written, over the modules called with gradients on; where the class assigns the attribute is read from its
source.

Loaded by path by probe.py (load_beside), after health.py: standard library only; torch is handed in by
the caller."""

import inspect
import os
import re

KEPT = 8
COPIED_ELEMENTS = 1 << 24  # at most this many values copied at first sight, all tensors together


def _candidates(torch, value, held):
    """The leaf tensors that require grad in an attribute's value, which no optimizer holds."""
    if isinstance(value, dict):
        values = list(value.values())
    elif isinstance(value, (list, tuple)):
        values = list(value)
    else:
        values = [value]
    return [v for v in values if isinstance(v, torch.Tensor) and v.is_leaf and v.requires_grad and id(v) not in held]


def _attributes(health):
    """(model, module, attribute name, value) over the public attributes of the modules called with gradients on."""
    seen = set()
    for model, _ in list(health.roots.values()):
        for module in model.modules():
            if id(module) not in seen:
                seen.add(id(module))
                yield from ((model, module, name, value) for name, value in list(vars(module).items())
                            if not name.startswith("_"))


def _unwritten(torch, tensor, first):
    copy = first.get(id(tensor))
    return tensor._version == 0 and copy is not None and copy[0] is tensor and torch.equal(tensor.detach(), copy[1])


def _loose(torch, value, held, first):
    return [v for v in _candidates(torch, value, held) if v.grad is not None and _unwritten(torch, v, first)]


def _named(torch, value):
    """Whether every key of a dict can name an nn.ParameterDict entry: a str that is an identifier (no dot, not
    empty) and no attribute ParameterDict already has; None for a list, tuple or tensor."""
    if not isinstance(value, dict):
        return None
    taken = torch.nn.ParameterDict()
    return all(isinstance(k, str) and k.isidentifier() and not hasattr(taken, k) for k in value)


def install(torch, health):
    """Copies the candidates' values at the first optimizer step that sees their module (again only when
    a new model was called): the end of the run compares against them."""
    from torch.optim.optimizer import register_optimizer_step_pre_hook

    first, state = {}, {"roots": 0, "copied": 0}
    health.loose_first = first

    def step(optimizer, args, kwargs):
        if len(health.roots) == state["roots"]:
            return
        state["roots"] = len(health.roots)
        with torch.no_grad():
            for _, _, _, value in _attributes(health):
                for tensor in _candidates(torch, value, health.held):
                    if id(tensor) not in first and state["copied"] + tensor.numel() <= COPIED_ELEMENTS:
                        first[id(tensor)] = (tensor, tensor.detach().clone())  # the tensor kept: its id stays its own
                        state["copied"] += tensor.numel()

    register_optimizer_step_pre_hook(step)


def _assigned(module, attribute):
    """Where the class (or a base) assigns self.<attribute> in its __init__: file and line."""
    pattern = re.compile(rf"^\s*self\.{re.escape(attribute)}\s*(:[^=]*)?=[^=]")
    for cls in type(module).__mro__:
        init = cls.__dict__.get("__init__")
        if init is None or not hasattr(init, "__code__"):
            continue
        try:
            lines, first = inspect.getsourcelines(init)
        except (OSError, TypeError):
            continue
        for offset, line in enumerate(lines):
            if pattern.match(line):
                return {"file": os.path.realpath(init.__code__.co_filename), "line": first + offset,
                        "function": "__init__", "code": line.strip()}
    return None


def loose_tensors(torch, health):
    """The modules' attributes that hold trainable tensors no optimizer holds and nothing registers."""
    found, gathered, first = [], getattr(health, "gathered_modules", {}), getattr(health, "loose_first", {})
    for model, module, name, value in _attributes(health):
        loose = _loose(torch, value, health.held, first) if len(found) < KEPT else []
        if loose:
            found.append({"class": type(module).__name__, "attribute": name,
                          "container": type(value).__name__ if isinstance(value, (dict, list, tuple)) else None,
                          "count": len(loose), "site": _assigned(module, name), "keys_named": _named(torch, value),
                          # the user's code called its (or its model's) parameters(): meant for an optimizer
                          "gathered": bool({id(module), id(model)} & set(gathered))})
    return found
