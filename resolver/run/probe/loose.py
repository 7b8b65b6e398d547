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


def _loose(torch, value, held):
    if isinstance(value, dict):
        values = list(value.values())
    elif isinstance(value, (list, tuple)):
        values = list(value)
    else:
        values = [value]
    return [v for v in values if isinstance(v, torch.Tensor) and v.is_leaf and v.requires_grad
            and v.grad is not None and id(v) not in held and v._version == 0]


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
    found, seen, gathered = [], set(), getattr(health, "gathered_modules", {})
    for model, _ in list(health.roots.values()):
        for module in model.modules():
            if id(module) in seen or len(found) >= KEPT:
                continue
            seen.add(id(module))
            for name, value in list(vars(module).items()):
                loose = [] if name.startswith("_") else _loose(torch, value, health.held)
                if loose and len(found) < KEPT:
                    found.append({"class": type(module).__name__, "attribute": name,
                                  "container": type(value).__name__ if isinstance(value, (dict, list, tuple))
                                  else None, "count": len(loose), "site": _assigned(module, name),
                                  # the user's code called its (or its model's) parameters(): meant for an optimizer
                                  "gathered": bool({id(module), id(model)} & set(gathered))})
    return found
