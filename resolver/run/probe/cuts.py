"""Where the path from the loss to a parameter is cut (--trace-graph-cut): in a rerun of a run whose
layers got no gradient, every op that takes a value requiring grad off the graph is recorded with
its user line and the parameters behind that value (its autograd graph walked to its leaves):
`.detach()`, `.data`, `.numpy()`, `.item()`, `.tolist()`, and any op on such a value under no_grad
inside a training forward, or inside a model called under no_grad on a parameter an optimizer holds
and has not yet seen a gradient for (an update that encodes its inputs without grad). The first cut
behind a parameter that never got a gradient is where the gradient stops (a numpy round trip starts
with one of them, wherever the tensor is made again).
A rerun's tool: it costs a check per op.

Loaded by path by probe.py (load_beside), after health.py, whose user_site it uses: standard
library only; torch is handed in by the caller."""

import sys

health_module = sys.modules["_resolver_health"]
CUTTING = ("detach", "numpy", "item", "tolist")  # methods whose result has no graph behind it
CUTS_KEPT = 32  # distinct lines recorded (the parameters read later on a recorded line are added to it)
OUTSIDE_KEPT = 8  # of those lines, outside a training forward (an evaluation before training must not take all)
NODES_WALKED = 20000  # per cut: an autograd graph walked this far at most


def parameters_behind(tensor):
    """The ids of the leaves requiring grad (the parameters) that the tensor's autograd graph reaches."""
    if tensor.grad_fn is None:
        return {id(tensor)} if tensor.requires_grad else set()
    found, seen, todo = set(), set(), [tensor.grad_fn]
    while todo and len(seen) < NODES_WALKED:
        node = todo.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        variable = getattr(node, "variable", None)  # an AccumulateGrad node: the leaf itself
        if variable is not None:
            found.add(id(variable))
        todo.extend(next_node for next_node, _ in node.next_functions)
    return found


def install(torch, project, health):
    """Records each cut in `health.cuts`: op, file, line, function, code and the parameters behind it."""
    from torch.overrides import TorchFunctionMode

    data = torch._C.TensorBase.data
    lines, outside = {}, set()  # (file, line) -> its cut; the lines of cuts outside a training forward

    def cut_by(func, args):
        name = getattr(func, "__name__", "")
        if name in CUTTING or name == "detach_":
            return "Tensor." + name
        if name == "__get__" and getattr(func, "__self__", None) is data:
            return "Tensor.data"
        if torch.is_grad_enabled() or not health.depth:
            return None
        if health.training_forward:
            return "no_grad"  # an op run under no_grad inside a model's training forward
        # a model called under no_grad (not a training forward) on a parameter an optimizer holds and has never
        # seen a gradient for: the step's own forward run without grad (`with torch.no_grad(): z = encoder(x)`)
        if len(outside) < OUTSIDE_KEPT and any(isinstance(t, torch.Tensor) and id(t) in health.held
                                               and not health.got_grad.get(id(t)) for t in args):
            return "no_grad"
        return None

    class GraphCuts(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            op = cut_by(func, args) if len(lines) < CUTS_KEPT else None
            if op is not None:
                try:
                    read = (*args[1:], *(kwargs or {}).values()) if op == "no_grad" else ()  # weights too
                    values = [t for t in (args[0] if args else None, *read)
                              if isinstance(t, torch.Tensor) and t.requires_grad]
                    if not health.depth and all(t.grad_fn is None for t in values):
                        values = []  # a parameter read outside any forward: a snapshot, not the loss's path
                    site = health_module.user_site(project) if values else None
                    seen = lines.get((site["file"], site["line"])) if site is not None else None
                    if seen is not None:  # one line runs many layers (`self.encoder(self.embed(x))`): all behind it
                        seen["params"].update(id(t) for t in values if t.grad_fn is None)
                    elif site is not None:
                        behind = set().union(*(parameters_behind(t) for t in values))
                        # under no_grad, the block that turned it off is in this frame or a caller's
                        stack = health_module.user_stack(project) if op == "no_grad" else None
                        away = op == "no_grad" and not health.training_forward  # the block is in the update
                        health.cuts.append(dict(site, op=op, params=behind, **({"stack": stack} if stack else {}),
                                                **({"outside_forward": True} if away else {})))
                        lines[(site["file"], site["line"])] = health.cuts[-1]
                        if away:
                            outside.add((site["file"], site["line"]))
                except Exception:  # a tensor subclass or a meta tensor that cannot be read: not ours to judge
                    pass
            return func(*args, **(kwargs or {}))

    GraphCuts().__enter__()
