"""Where a tensor was made: from the expression at the failing line back, step by step and across
files, to the call that created it. Rules use the chain to fix a value where it is made (the
Dataset's `__init__`, the `__getitem__`, the helper, the numpy conversion) instead of at every
place it is used.

Each step is one expression; the next one is what it was computed from:
- a local name -> its latest assignment before the line (tuple unpacking and `for` targets too);
  a parameter -> the argument at the call in the caller's frame (the probe's frames), the call
  made by name or through a module-level alias (`net = linreg; net(X, w, b)`);
- `self.attr` -> what the class assigns to it (its `__init__` first);
- indexing, `.to()`, `.unsqueeze()`, casts and conversions -> the tensor they act on;
- a call of a function of the project -> its return value;
- an element of a DataLoader batch -> that element of the dataset's sample: the `__getitem__`
  of the class the probe saw behind the loader, or the `TensorDataset(...)` argument;
- an element of `[batch[col] for col in cols]` -> `batch[...]` at the constant of `cols` it stands for;
- an element of what a project generator yields (`for X, y in data_iter(...)`) -> its one `yield`.
The chain stops where the trail can't be followed for sure (an ambiguous call, a library call)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._source import Source, project_sources
from resolver.fix.rules._syntax import (
    alias_call,
    appended,
    argument,
    attribute_assignments,
    calls_function,
    comprehension_for,
    comprehension_key,
    constant_key,
    empty_list,
    filled_list,
    getitem_return,
    is_none,
    iterated,
    last_name,
    latest_binding,
    operand,
    own_nodes,
    parameter_names,
    settled_attribute,
    string,
    the_return,
    through_module,
)
from resolver.write.edits import Workspace

# Methods whose result has the receiver's values (and dtype, unless they cast): follow the receiver.
THROUGH = {"to", "cuda", "cpu", "unsqueeze", "squeeze", "view", "reshape", "clone", "detach", "contiguous",
           "permute", "transpose", "flatten", "numpy", "copy", "float", "double", "half", "long", "int", "short",
           "byte", "bool", "bfloat16", "type", "astype", "view_as", "reshape_as", "expand", "expand_as", "tolist",
           "squeeze_", "unsqueeze_", "requires_grad_", "pin_memory", "index_select"}
# Calls whose first argument holds the values: follow it.
CONVERSIONS = {"from_numpy", "tensor", "as_tensor", "Tensor", "FloatTensor", "DoubleTensor", "LongTensor",
               "IntTensor", "HalfTensor", "ByteTensor", "array", "asarray", "ascontiguousarray", "stack",
               "vstack", "hstack", "dstack", "column_stack", "concatenate", "cat", "from_dlpack"}
TENSOR_DATASET = "torch.utils.data.dataset.TensorDataset"
MAX_STEPS = 24


@dataclass(frozen=True)
class Step:
    source: Source
    node: cst.BaseExpression
    role: str = "value"  # "use", "value", "stored" (kept in a dataset or an attribute), "returned",
    # "sample" (what a dataset's sample holds at `path`, for a batch element)
    path: tuple = ()  # the element of this expression's value that is followed (tuple index, dict key)


class Tracer:
    def __init__(self, diagnosis: Diagnosis, workspace: Workspace):
        self.diagnosis, self.workspace = diagnosis, workspace
        self.frames = [f for f in diagnosis.frames if f.user]  # outermost first
        self._sources: dict[Path, Source | None] = {}
        self._project: list[Source] | None = None
        # a project function entered through its return value -> the call that ran it, so that its
        # parameters lead to that call's arguments when no frame of the probe covers it
        self._entered: dict[cst.FunctionDef, tuple[Source, cst.Call]] = {}
        self._constructing: set[cst.FunctionDef] = set()  # __init__s whose arguments are being followed
        self._keys: dict[str, object] = {}  # `col` of `[batch[col] for col in cols]` -> the constant followed

    def source(self, path: Path) -> Source | None:
        path = Path(path).resolve()
        if path not in self._sources:
            self._sources[path] = Source.parse(self.workspace, path)
        return self._sources[path]

    def frame_index(self, frame: Frame) -> int:
        return next(i for i, f in enumerate(self.frames) if f is frame)

    def chain(self, source: Source, node: cst.BaseExpression, frame: Frame | None) -> list[Step]:
        """The steps from `node` (an expression at `frame`'s line) back to where its value was made."""
        steps = [Step(source, node, "use")]
        at = (source, node, (), self.frame_index(frame) if frame is not None else None)
        for _ in range(MAX_STEPS):
            found = self.next_step(*at)
            if found is None:
                break
            source, node, path, index, role = found
            if any(s.node is node for s in steps):
                break
            steps.append(Step(source, node, role, path))
            at = (source, node, path, index)
        return steps

    # --- one step back ---------------------------------------------------------------------

    def next_step(self, source: Source, node, path: tuple, index: int | None):
        if isinstance(node, cst.Name):
            return self._name(source, node, path, index)
        if isinstance(node, cst.Attribute):
            return self._attribute(source, node, path)
        if isinstance(node, cst.Subscript):
            key = constant_key(node, self._keys)
            return source, node.value, ((key,) + path if key is not None else path), index, "value"
        if isinstance(node, cst.Call):
            return self._call(source, node, path, index)
        if isinstance(node, (cst.Tuple, cst.List)) and path and isinstance(path[0], int):
            elements = [e.value for e in node.elements]
            if -len(elements) <= path[0] < len(elements) \
                    and not any(isinstance(e, cst.StarredElement) for e in node.elements):
                return source, elements[path[0]], path[1:], index, "value"
            return None
        if isinstance(node, cst.Dict) and path and isinstance(path[0], str):
            for element in node.elements:
                if isinstance(element, cst.DictElement) and string(element.key) == path[0]:
                    return source, element.value, path[1:], index, "value"
            return None
        if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
            listed = path and isinstance(node.for_in.iter, (cst.Name, cst.Attribute))
            over = self.next_step(source, node.for_in.iter, (), index) if listed else None
            self._keys.update(comprehension_key(node.for_in, over[1] if over else node.for_in.iter, path))
            return source, node.elt, path[1:] if path else path, index, "value"
        if isinstance(node, cst.BinaryOperation) and not path:
            return source, operand(node.left), path, index, "value"
        return None

    def _name(self, source: Source, node: cst.Name, path: tuple, index: int | None):
        name, line = node.value, source.line_of(node)
        drawn = comprehension_for(source, node)
        if drawn is not None:  # `sum(loss(model(xb), yb) for xb, yb in loader)`
            return self._batch_element(source, drawn[0], drawn[1] + path, index)
        scope = source.enclosing(node, cst.FunctionDef)
        while True:
            binding = latest_binding(source, scope, name, line)
            if binding is not None:
                value, inner, loop = binding
                if loop is not None:
                    return self._batch_element(source, loop, inner + path, index)
                filled = None if inner else filled_list(source.module if scope is None else scope, node, value, path)
                if filled is not None:
                    return source, *filled, index, "value"
                return source, value, inner + path, index, "value"
            if scope is None:
                return None
            if name in parameter_names(scope):
                return self._argument(source, scope, name, path, index)
            line = 10**9  # a closure or a global: what the outer scope holds when the function runs
            scope = source.enclosing(scope, cst.FunctionDef)

    def _argument(self, source: Source, function: cst.FunctionDef, name: str, path: tuple, index: int | None):
        """A parameter's value: the argument at the caller's frame's call, or where the trail entered."""
        if function in self._entered:
            caller_source, call = self._entered[function]
            params = parameter_names(function)
            method = bool(params) and params[0] in ("self", "cls")
            value = argument(call, params.index(name) - (1 if method else 0), name)
            return None if value is None else (caller_source, value, path, None, "value")
        if index is None or index == 0:
            return None
        frame = self.frames[index]
        if frame.file.resolve() != source.path or frame.function != function.name.value:
            return None
        caller = self.frames[index - 1]
        caller_source = self.source(caller.file)
        if caller_source is None:
            return None
        params = parameter_names(function)
        method = bool(params) and params[0] in ("self", "cls")
        position = params.index(name) - (1 if method else 0)
        calls = through_module([c for c in caller_source.on_line(cst.Call, caller.line)
                                if calls_function(c, function, method) or alias_call(caller_source, c, function)],
                               caller.models)
        if len(calls) != 1:
            return None
        value = argument(calls[0], position, name)
        return None if value is None else (caller_source, value, path, index - 1, "value")

    def _attribute(self, source: Source, node: cst.Attribute, path: tuple):
        if not isinstance(node.value, cst.Name):
            return None
        klass = source.enclosing(node, cst.ClassDef) if node.value.value == "self" else self._class_of(source, node)
        if klass is None:
            return None
        source, klass = klass if isinstance(klass, tuple) else (source, klass)
        found = attribute_assignments(source, klass, node.attr.value)
        if not found:
            return None
        in_init = [f for f in found if f[2] == "__init__"] or found  # a value, where another branch sets None
        made = [f for f in in_init if not is_none(f[0])]
        value, inner, _ = (made or in_init)[-1]
        if empty_list(value) and not inner:
            filled = appended(klass, node)
            if filled is not None:
                return source, filled, path, None, "stored"
        return source, value, inner + path, None, "stored"

    def _class_of(self, source: Source, node: cst.Attribute) -> tuple[Source, cst.ClassDef] | None:
        """The one project class that made `data` of `data.weights`, where its `__init__` settles `weights`."""
        scope = source.enclosing(node, cst.FunctionDef)
        made = None if scope and node.value.value in parameter_names(scope) else self._made_by(source, node.value, None)
        found = self.the_class_named(last_name(made[1].func) if made is not None else None)
        return found if found is not None and settled_attribute(*found, node.attr.value) else None

    def _call(self, source: Source, node: cst.Call, path: tuple, index: int | None):
        func = node.func
        last = last_name(func)
        positional = [a for a in node.args if a.keyword is None and not a.star]
        if isinstance(func, cst.Attribute) and last in THROUGH:
            return source, func.value, path, index, "value"
        if last in CONVERSIONS and positional:
            return source, positional[0].value, (), index, "value"
        if last == "TensorDataset" and path and isinstance(path[0], int) and path[0] < len(positional):
            return source, positional[path[0]].value, path[1:], index, "stored"
        if last is None or last[:1].isupper():
            return None
        called = self._instance_call(source, func, index)
        if called is not None:
            function, where = called
            self._entered.setdefault(function, (source, node))
            returned = the_return(function, path)
            return (where, returned, path, None, "returned") if returned is not None else None
        return self._returned(last, path, (source, node))

    def _instance_call(self, source: Source, func: cst.BaseExpression, index: int | None):
        """(`__call__`, its source) when `func` holds an instance of a project class that defines
        `__call__` (`self.vectorize(text)`, the instance made by `Vectorizer(...)`)."""
        if not isinstance(func, (cst.Name, cst.Attribute)) or isinstance(func, cst.Attribute) \
                and not (isinstance(func.value, cst.Name) and func.value.value == "self"):
            return None
        made = self._made_by(source, func, index)
        name = last_name(made[1].func) if made is not None else None
        if not name or not name[:1].isupper():
            return None
        if (found := self.the_class_named(name)) is None:
            return None
        where, klass = found
        call = [m for m in own_nodes(klass, cst.FunctionDef) if m.name.value == "__call__"]
        return (call[0], where) if len(call) == 1 else None

    def _returned(self, function_name: str, path: tuple, call: tuple[Source, cst.Call] | None = None):
        """The value a project function returns, when exactly one function has that name."""
        found = [(s, f) for s in self.project_sources() for f in s.nodes(cst.FunctionDef)
                 if f.name.value == function_name]
        if len(found) != 1:
            return None
        source, function = found[0]
        returned = the_return(function, path)
        if returned is None:
            return None
        if call is not None:
            self._entered.setdefault(function, call)
        return source, returned, path, None, "returned"

    def _batch_element(self, source: Source, loop: cst.For | cst.CompFor, path: tuple, index: int | None):
        """An element of what a `for` loop draws: unwrap enumerate/zip/tqdm, then the dataset sample."""
        iterable, path = iterated(loop.iter, path)
        found = self._loader_sample(source, iterable, path, index) or self._yielded(source, iterable, path)
        if found is not None:
            return found
        if index is not None and isinstance(iterable, cst.Name) and iterable.value in self.frames[index].tensors:
            return source, iterable, path, index, "value"  # a row of a tensor: its values, its dtype
        loader = self.diagnosis.loader
        if not path or loader is None or not loader.dataset_class or loader.dataset_file is None \
                or loader.collate_fn is not None:
            return None
        if loader.dataset_class == TENSOR_DATASET:
            calls = [(s, c) for s in self.project_sources() for c in s.nodes(cst.Call)
                     if last_name(c.func) == "TensorDataset"]
            if len(calls) != 1:
                return None
            return calls[0][0], calls[0][1], path, None, "sample"
        dataset = self.source(loader.dataset_file)
        class_name = loader.dataset_class.rsplit(".", 1)[-1]
        if dataset is None:
            return None
        for klass in dataset.nodes(cst.ClassDef, lambda c: c.name.value == class_name):
            if getitem_return(klass, dataset) is not None:
                return dataset, getitem_return(klass, dataset), path, None, "sample"
        return None

    def _yielded(self, caller: Source, iterable: cst.BaseExpression, path: tuple):
        """What a project generator yields (`for X, y in data_iter(...)`): one function, one `yield`."""
        name = last_name(iterable.func) if isinstance(iterable, cst.Call) else None
        found = [(s, f) for s in self.project_sources() for f in s.nodes(cst.FunctionDef) if f.name.value == name]
        where, function = found[0] if len(found) == 1 else (None, None)
        yields = [y.value for y in own_nodes(function, cst.Yield) if isinstance(y.value, cst.BaseExpression)] \
            if function is not None else []
        if len(yields) != 1:
            return None
        self._entered.setdefault(function, (caller, iterable))
        return where, yields[0], path, None, "returned"

    def _loader_sample(self, source: Source, iterable: cst.BaseExpression, path: tuple, index: int | None):
        """The element of a batch as the code that builds its DataLoader says: what its
        `collate_fn` returns, else the `TensorDataset(...)` argument or the `__getitem__` of the
        dataset class it is given."""
        call = self._made_by(source, iterable, index)
        if call is None or last_name(call[1].func) != "DataLoader":
            return None
        source, loader = call
        collate = argument(loader, 99, "collate_fn")
        if collate is not None:
            name = last_name(collate)
            return self._returned(name, path) if isinstance(collate, (cst.Name, cst.Attribute)) and name else None
        dataset = argument(loader, 0, "dataset")
        made = self._made_by(source, dataset, index) if dataset is not None else None
        if made is None:
            return None
        source, dataset_call = made
        name = last_name(dataset_call.func)
        if name == "TensorDataset":
            return (source, dataset_call, path, None, "sample") if path else None
        if (found := self.the_class_named(name)) is None:
            return None
        returned = getitem_return(found[1], found[0])
        return (found[0], returned, path, None, "sample") if returned is not None else None

    def _made_by(self, source: Source, node: cst.BaseExpression, index: int | None):
        """(source, call) of the call whose result a name holds, following plain assignments."""
        for _ in range(6):
            if isinstance(node, cst.Call):
                return source, node
            if isinstance(node, cst.Attribute):
                found = self._attribute(source, node, ())
                if found is None or found[2]:
                    return None
                source, node = found[0], found[1]
                continue
            if not isinstance(node, cst.Name):
                return None
            scope = source.enclosing(node, cst.FunctionDef)
            binding = latest_binding(source, scope, node.value, source.line_of(node))
            if binding is None and scope is not None and node.value in parameter_names(scope) \
                    and scope.name.value == "__init__":
                return self._constructed_with(source, scope, node.value)
            if binding is None and scope is not None:
                binding = latest_binding(source, None, node.value, 10**9)
            if binding is None or binding[2] is not None or binding[1]:
                return None
            node = binding[0]
        return None

    def _constructed_with(self, source: Source, init: cst.FunctionDef, name: str):
        """(source, call) that makes what a class's `__init__` is given as `name`, when every
        construction of the class in the project passes a value made by the same callee."""
        klass = source.enclosing(init, cst.ClassDef)
        if klass is None or init in self._constructing:
            return None
        self._constructing.add(init)
        try:
            return self._same_callee(klass, parameter_names(init).index(name) - 1, name)
        finally:
            self._constructing.discard(init)

    def _same_callee(self, klass: cst.ClassDef, position: int, name: str):
        made = []  # (source, call) per construction
        for where in self.project_sources():
            for call in where.nodes(cst.Call, lambda c: last_name(c.func) == klass.name.value):
                value = argument(call, position, name)
                found = self._made_by(where, value, None) if value is not None else None
                if found is None:
                    return None
                made.append(found)
        callees = {last_name(call.func) for _, call in made}
        return made[0] if len(callees) == 1 and None not in callees else None

    def functions_called(self, source: Source, call: cst.Call) -> list[tuple[Source, cst.FunctionDef]]:
        """The project functions a call may run: `self.method(...)` of the enclosing class, a
        module or callable instance's `forward`/`__call__` (`self.net(x)`, `criterion(y, t)`), an
        instance's method (`self.bank.push(k)`), each through where the instance is made (also a
        factory's `return Cls(...)` or `return {"a": A, "b": B}[name]()`: each class it names), or a
        project function by its one definition. Empty when the trail is not sure."""
        func = call.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
            klass = source.enclosing(call, cst.ClassDef)
            own = [m for m in own_nodes(klass, cst.FunctionDef) if m.name.value == func.attr.value] if klass else []
            if len(own) == 1:
                return [(source, own[0])]
            instance, method = func, None
        elif isinstance(func, cst.Attribute):
            instance, method = func.value, func.attr.value
            if not isinstance(instance, (cst.Name, cst.Attribute)):
                return []
        elif isinstance(func, cst.Name):
            functions = [(s, f) for s in self.project_sources() for f in s.nodes(cst.FunctionDef)
                         if f.name.value == func.value and s.enclosing(f, cst.ClassDef) is None]
            if len(functions) == 1:
                return functions
            instance, method = func, None
        else:
            return []
        made = self._made_by(source, instance, None)
        if made is None:
            return []
        name = last_name(made[1].func)
        if name and name[:1].isupper():
            return self._methods_of([name], method)
        factories = [(s, f) for s in self.project_sources() for f in s.nodes(cst.FunctionDef)
                     if name and f.name.value == name and s.enclosing(f, cst.ClassDef) is None]
        if len(factories) != 1:
            return []
        names = []
        for returned in (r.value for r in own_nodes(factories[0][1], cst.Return) if r.value is not None):
            made_class = returned.func if isinstance(returned, cst.Call) else None
            if isinstance(made_class, cst.Subscript) and isinstance(made_class.value, cst.Dict):
                names += [last_name(e.value) for e in made_class.value.elements if isinstance(e, cst.DictElement)]
            elif made_class is not None:
                names.append(last_name(made_class))
        return self._methods_of([n for n in names if n and n[:1].isupper()], method)

    def _methods_of(self, class_names: list[str], method: str | None) -> list[tuple[Source, cst.FunctionDef]]:
        """The named method (None: `forward`, else `__call__`) of each named project class;
        classes outside the project are skipped."""
        found = []
        for name in dict.fromkeys(class_names):
            if (found_class := self.the_class_named(name)) is None:
                continue
            where, klass = found_class
            own = {m.name.value: m for m in own_nodes(klass, cst.FunctionDef)}
            entry = own.get(method) if method else own.get("forward") or own.get("__call__")
            if entry is not None:
                found.append((where, entry))
        return found

    def the_class_named(self, name: str | None) -> tuple[Source, cst.ClassDef] | None:
        classes = [(s, c) for s in self.project_sources() for c in s.nodes(cst.ClassDef) if c.name.value == name]
        return classes[0] if len(classes) == 1 else None

    def project_sources(self) -> list[Source]:
        """The project's parsed files, walked once per tracer."""
        if self._project is None:
            self._project = project_sources(self.workspace)
        return self._project
