"""Which layers' outputs the code reads (--trace-graph-cut, beside cuts.py): every output of a layer with
parameters in a training forward is tagged with that layer, every op passes the tags of what it read on
to what it made, and a layer is read once its tags reach a backward, a Python value (`.item()`, `bool`,
numpy, a print) or an op that raised. Metadata (shape, dtype, device) is not a read. A layer run but
never read (a pyramid level the head does not take, an output the code drops) gets no gradient because
nothing asks for one, which is not a cut: a detach, `.data`, a cast to integers or a no_grad block
passes the tags on, and its layer is read.

Why lineage and not the cuts alone: a cut is an op that takes values off the graph, and the list of
such ops is never complete (`.long()`, `torch.tensor(row)`); here an op nobody listed still carries the
tags, so what is missed makes a layer look read, never unread.

A rerun's tool: it costs a check per op. Loaded by path by probe.py; standard library and torch only."""

METADATA = {"size", "dim", "ndimension", "numel", "nelement", "stride", "is_contiguous", "element_size",
            "__len__", "__hash__", "__get__", "register_hook", "retain_grad", "requires_grad_", "storage_offset",
            "get_device", "is_floating_point", "is_complex", "type"}


def install(torch, health):
    from torch.nn.modules.module import register_module_forward_hook
    from torch.overrides import TorchFunctionMode
    from torch.utils.weak import WeakIdKeyDictionary

    tags = WeakIdKeyDictionary()  # tensor -> frozenset of ids of the layers whose outputs made it
    tagged, read = {}, set()  # id(layer) -> layer, for the layers whose outputs were tagged; ids read

    def tensors_in(value, depth=0):
        if isinstance(value, torch.Tensor):
            yield value
        elif depth < 2 and isinstance(value, (list, tuple)):
            for item in value:
                yield from tensors_in(item, depth + 1)
        elif depth < 2 and isinstance(value, dict):
            for item in value.values():
                yield from tensors_in(item, depth + 1)

    def lineage(args, kwargs):
        found = frozenset()
        for value in (*args, *kwargs.values()):
            for t in tensors_in(value):
                found |= tags.get(t, frozenset())
        return found

    def mark(value, found):
        for t in tensors_in(value):
            tags[t] = tags.get(t, frozenset()) | found

    def on_output(module, args, output):
        # the health hook set training_forward at the model's call; a layer with its own parameters
        if health.training_forward and torch.is_grad_enabled() and module._parameters:
            tagged.setdefault(id(module), module)
            mark(output, frozenset((id(module),)))

    register_module_forward_hook(on_output, always_call=True)

    class Reads(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            found = lineage(args, kwargs) if tags else frozenset()
            try:
                result = func(*args, **kwargs)
            except BaseException:
                read.update(found)  # the op that raised read its inputs
                raise
            if not found:
                return result
            name = getattr(func, "__name__", "")
            writes_into = name == "__setitem__" or name.startswith("__i") or name.endswith("_") \
                and not name.endswith("__")
            if writes_into and args and isinstance(args[0], torch.Tensor):
                mark(args[0], found)
            if "out" in kwargs:
                mark(kwargs["out"], found)
            if name in ("backward", "grad"):
                read.update(found)  # autograd asked for gradients through it
            elif any(True for _ in tensors_in(result)):
                mark(result, found)
            elif result is not None and name not in METADATA:
                read.update(found)  # a Python value made from it: a number, a bool, an array, a string
            return result

    Reads().__enter__()

    def unread():
        """The ids of the layers a training forward ran whose outputs nothing read."""
        return {key for key in tagged if key not in read}

    health.unread = unread
