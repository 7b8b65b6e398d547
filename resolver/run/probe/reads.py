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
            "__len__", "__hash__", "__get__", "__iter__", "register_hook", "retain_grad", "requires_grad_",
            "storage_offset", "get_device", "is_floating_point", "is_complex", "type"}
IN_PLACE = {"__setitem__", "__set__", "__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__",
            "__imod__", "__ipow__", "__imatmul__", "__iand__", "__ior__", "__ixor__", "__ilshift__", "__irshift__"}


def install(torch, health):
    import threading

    from torch.nn.modules.module import register_module_forward_hook
    from torch.overrides import TorchFunctionMode
    from torch.utils.weak import WeakIdKeyDictionary

    # tags are bitmasks: bit i stands for the i-th layer tagged (a union is an `or` of two ints)
    tags = WeakIdKeyDictionary()  # tensor -> the layers whose outputs made it
    written = {}  # a storage's address -> the layers written into it in place (its views and base share it)
    bits, read = {}, 0  # id(layer) -> its bit; the bits of the layers read
    traced = threading.current_thread()  # the mode is the thread's own: a layer run elsewhere is not followed

    def tensors_in(value, depth=0):
        if isinstance(value, torch.Tensor):
            yield value
        elif depth < 2 and isinstance(value, (list, tuple)):
            for item in value:
                yield from tensors_in(item, depth + 1)
        elif depth < 2 and isinstance(value, dict):
            for item in value.values():
                yield from tensors_in(item, depth + 1)

    def storage(t):
        try:
            return t.untyped_storage().data_ptr()
        except Exception:  # a tensor with no storage of its own (a subclass, a meta tensor)
            return None

    def lineage(args, kwargs):
        found = 0
        for value in (*args, *kwargs.values()):
            for t in tensors_in(value):
                found |= tags.get(t, 0) | (written.get(storage(t), 0) if written else 0)
        return found

    def mark(value, found, write=False):
        for t in tensors_in(value):
            tags[t] = tags.get(t, 0) | found
            if write:  # a write into a view reaches its base and every other view of the storage
                written[storage(t)] = written.get(storage(t), 0) | found

    def on_output(module, args, output):
        nonlocal read
        # the health hook set training_forward at the model's call; a layer with its own parameters
        if health.training_forward and torch.is_grad_enabled() and module._parameters:
            bit = bits.setdefault(id(module), 1 << len(bits))
            if threading.current_thread() is not traced:
                read |= bit  # its output's ops are not followed here: never called unread
            mark(output, bit)

    register_module_forward_hook(on_output, always_call=True)

    class Reads(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            nonlocal read
            kwargs = kwargs or {}
            found = lineage(args, kwargs) if bits else 0
            try:
                result = func(*args, **kwargs)
            except BaseException:
                read |= found  # the op that raised read its inputs
                raise
            if not found:
                return result
            name = getattr(func, "__name__", "")
            if (name in IN_PLACE or name.endswith("_") and not name.endswith("__")) and args \
                    and isinstance(args[0], torch.Tensor):
                mark(args[0], found, write=True)  # `.data = value` too: its tensor takes the value's layers
            if "out" in kwargs:
                mark(kwargs["out"], found, write=True)
            if name in ("backward", "grad"):
                read |= found  # autograd asked for gradients through it
            elif any(True for _ in tensors_in(result)):
                mark(result, found)
            elif result is not None and name not in METADATA:
                read |= found  # a Python value made from it: a number, a bool, an array, a string
            return result

    Reads().__enter__()

    def unread():
        """The ids of the layers a training forward ran whose outputs nothing read."""
        return {key for key, bit in bits.items() if not read & bit}

    health.unread = unread
