"""The first non-finite value of a run (--trace-non-finite): every torch operation's output is
checked until one holds a nan or an inf; that op and the user line that called it are the origin
resolve reports for a loss that turns non-finite. The backward is checked too: each op's autograd
node gets a hook, and the first node that turns finite incoming gradients into a non-finite one
(the derivative of sqrt at 0, of a division by 0) is the origin, named by its forward op and line,
before the step writes it into the weights. A value that torch first sees as it comes in with the
data may have been made by numpy in the project (a z-score over a constant column): numpy's first
floating-point warning at a user line (`invalid value encountered in divide`) is then the origin.
A rerun's tool: it costs a check per op.

Loaded by path by probe.py (load_beside), after health.py, whose user_site it uses: standard
library only; torch is handed in by the caller."""

import re
import sys
import warnings

health = sys.modules["_resolver_health"]
UNINITIALIZED = ("empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided")  # garbage, not values
NUMPY_FLOATING_POINT = re.compile(r"^(?:invalid value|divide by zero|overflow) encountered in (\w+)")


def op_name(func):
    name = getattr(func, "__qualname__", None) or getattr(func, "__name__", None) or str(func)
    module = getattr(func, "__module__", None) or ""
    if name.startswith("_VariableFunctionsClass."):
        return "torch." + name.split(".", 1)[1]
    if name.startswith(("Tensor.", "TensorBase.", "_TensorBase.")):
        return "Tensor." + name.split(".", 1)[1]
    if module.startswith("torch.nn.functional") or module == "torch._C._nn":
        return "torch.nn.functional." + name
    return f"torch.{name}" if module.startswith("torch") else name


def tensors_in(value, torch, depth=0):
    if isinstance(value, torch.Tensor):
        return [value]
    if depth < 2 and isinstance(value, (list, tuple)):
        return [t for v in value for t in tensors_in(v, torch, depth + 1)]
    if depth < 2 and isinstance(value, dict):
        return [t for v in value.values() for t in tensors_in(v, torch, depth + 1)]
    return []


def non_finite(tensors, torch):
    return any(t.is_floating_point() and t.numel() and not bool(torch.isfinite(t).all()) for t in tensors)


def watch_backward(node, func, project, found, torch):
    """The op's autograd node reports itself when its gradients come out non-finite from finite ones."""
    site = health.user_site(project)
    if site is None:
        return

    def check(grad_inputs, grad_outputs):
        if not found and non_finite([g for g in grad_inputs if g is not None], torch) \
                and not non_finite([g for g in grad_outputs if g is not None], torch):
            found.update(site, op=op_name(func), from_data=False, in_backward=True)

    node.register_hook(check)


def watch_numpy(project, made):
    """`made` gets the site of numpy's first floating-point warning raised on a user line: numpy
    makes a nan or an inf there (0 / 0, log(0)) and warns instead of raising."""
    shown = warnings.showwarning

    def showwarning(message, category, filename, lineno, *args, **kwargs):
        matched = NUMPY_FLOATING_POINT.match(str(message)) if issubclass(category, RuntimeWarning) else None
        if not made and matched and health.facts.is_user_file(filename, project):
            site = health.user_site(project)
            if site is not None and site["line"] == lineno:
                made.update(site, op="numpy." + matched.group(1), from_data=False)
        return shown(message, category, filename, lineno, *args, **kwargs)

    warnings.showwarning = showwarning


def install(torch, project, found):
    """Checks every op until the first non-finite output, forward or backward; `found` gets op, file,
    line, function, code, from_data (the op's inputs already held one, or it made the tensor from
    other data) and in_backward (the op's derivative made it, its forward output was finite)."""
    from torch.overrides import TorchFunctionMode

    made_by_numpy = {}
    watch_numpy(project, made_by_numpy)

    class FirstNonFinite(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if found or not torch.is_grad_enabled() or getattr(func, "__name__", "") in UNINITIALIZED:
                return out
            try:
                outputs = tensors_in(out, torch)
                node = next((t.grad_fn for t in outputs if t.grad_fn is not None), None)
                if node is not None:
                    watch_backward(node, func, project, found, torch)
                if outputs and non_finite(outputs, torch):
                    site = health.user_site(project)
                    if site is not None:
                        inputs = [t for t in tensors_in((args, kwargs or {}), torch) if t.is_floating_point()]
                        from_data = not inputs or non_finite(inputs, torch)
                        found.update(made_by_numpy if from_data and made_by_numpy else
                                     dict(site, op=op_name(func), from_data=from_data))
            except Exception:  # a tensor subclass or a meta tensor that cannot be read: not ours to judge
                pass
            return out

    FirstNonFinite().__enter__()
