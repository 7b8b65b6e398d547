"""## What it does
Builds an RNN's initial state for the batch the RNN is given, `x.size(0)` (`x.size(1)` without
batch_first), where the state's size is stated: the argument of the helper that builds it when
the helper is called beside the RNN, else the factory's own batch argument. A helper called
beside the RNN that reads the batch from elsewhere (`self.batch_size` in `init_hidden(self)`) is
given the batch as a new parameter, when that call is its only one.

## Why is this bad?
`Expected hidden[0] size (2, 20, 32), got [2, 32, 32]`: the state was built for the configured
batch size, so the last, partial batch (or any batch of another size) breaks. A state made
outside the function that calls the RNN, where the input is not at hand, gets nothing.

## Example
```python
hidden = model.init_hidden(32)
out, hidden = model(x, hidden)
```

Use instead:
```python
hidden = model.init_hidden(x.size(0))
out, hidden = model(x, hidden)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, user_frames
from resolver.fix.rules._syntax import argument, last_name, parameter_names
from resolver.write.edits import Edit, Workspace

SIZES = re.compile(r"Expected hidden(?:\[(\d)\])? size \((\d+), (\d+), (\d+)\), got \[(\d+), (\d+), (\d+)\]")
FACTORIES = {"zeros", "ones", "empty", "randn", "rand", "full", "new_zeros", "new_ones", "new_empty", "new_full"}


class RnnStateBatch(Rule):
    categories = ("shape.rnn_state_batch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        match = SIZES.search(diagnosis.message)
        if match is None or match[3] == match[6]:
            return  # the batch dimension agrees: another dimension is wrong
        element = int(match[1]) if match[1] is not None else None
        module = diagnosis.module
        batch_dim = 0 if module is not None and module.attributes.get("batch_first") else 1
        tracer = Tracer(diagnosis, workspace)
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                state = argument(call, 1, "hx")
                given = argument(call, 0, "input")
                if state is None or given is None or len(call.args) != 2:
                    continue
                if batch_dim == 1 and batch_first_input(diagnosis, frame, source, call) is not None:
                    return  # the state holds the input's own batch: the layer's layout is wrong (rnn_batch_first)
                name = _batch_source(frame, source, given, batch_dim, int(match[3]))
                edit = _fix(tracer, source, call, name, state, element, batch_dim, match[6])
                if edit is not None:
                    yield edit
                return


def batch_first_input(diagnosis: Diagnosis, frame, source: Source, call: cst.Call):
    """The RNN call's input when it holds the state's batch first and the batch the RNN read second:
    batch-first input into a time-major layer (rnn_batch_first's case), not a state of the wrong size."""
    sizes = SIZES.search(diagnosis.message)
    given = argument(call, 0, "input")
    seen = frame.tensors.get(source.code(given)) if sizes is not None and given is not None else None
    if seen is None or len(seen.shape) != 3 or sizes[3] == sizes[6]:
        return None
    return seen if tuple(seen.shape[:2]) == (int(sizes[6]), int(sizes[3])) else None


def _fix(tracer: Tracer, source: Source, rnn_call: cst.Call, given: str, state, element, batch_dim: int,
         fixed: str) -> Edit | None:
    function = source.enclosing(rnn_call, cst.FunctionDef)
    end = tracer.chain(source, state, None)[-1]
    ends = [end]
    if element is not None and isinstance(end.node, (cst.Tuple, cst.List)) and element < len(end.node.elements):
        # (h0, c0): the one named first, then its sibling, which is built the same way and would fail next
        named = end.node.elements[element]
        others = [e for e in end.node.elements if e is not named]
        ends = [tracer.chain(end.source, e.value, None)[-1] for e in [named, *others]]

    def at_hand(target) -> bool:
        """Stated beside the RNN call, where its input is, and not as some other literal."""
        return (target is not None and target[0].path == source.path
                and target[0].enclosing(target[1], cst.FunctionDef) is function
                and not (isinstance(target[1], cst.Integer) and target[1].value != fixed))

    stated = [_stated_batch(tracer, each) for each in ends]
    size = f"{given}.size({batch_dim})"
    if not at_hand(stated[0]):
        # the input is not at hand where the named tensor's size is stated: only a helper called here can be handed it
        return _through_helper(tracer, source, function, stated, size, fixed)
    targets = []
    for target in stated:
        if at_hand(target) and all(target[1] is not t[1] for t in targets):
            targets.append(target)
    new = cst.parse_expression(size)
    where, value = targets[0]
    text = replaced_all(where.module, {each: new for _, each in targets})
    reason = (f"Changed {where.code(value)} to {size}: the RNN's initial state was built for a fixed batch of "
              f"{fixed}, and a batch of another size (the last, partial one) breaks it")
    return where.edit(text, where.line_of(value), reason)


def _stated_batch(tracer: Tracer, end):
    """Where a state tensor's batch size is stated: the factory's batch argument, or the argument
    given for it where the helper that builds the state is called."""
    node = end.node
    if not (isinstance(node, cst.Call) and last_name(node.func) in FACTORIES):
        return None
    sizes = [a.value for a in node.args if a.keyword is None and not a.star]
    if len(sizes) == 1:  # one shape argument: a tuple, or a name for one
        shape = tracer.chain(end.source, sizes[0], None)[-1]
        if not isinstance(shape.node, (cst.Tuple, cst.List)):
            return None
        end, sizes = shape, [e.value for e in shape.node.elements]
    if len(sizes) != 3:
        return None
    batch = sizes[1]
    helper = end.source.enclosing(node, cst.FunctionDef)
    if isinstance(batch, cst.Name) and helper is not None and batch.value in parameter_names(helper):
        found = tracer.next_step(end.source, batch, (), None)
        return None if found is None else (found[0], found[1])
    return end.source, batch


def _batch_source(frame, source: Source, given, batch_dim: int, batch: int) -> str:
    """The RNN's input as the code names it: `x` rather than `self.norm(x)` when the layer applied
    in the call is given that one tensor and the probe saw it hold the RNN's batch where the RNN
    reads it."""
    if isinstance(given, cst.Call) and len(given.args) == 1 and isinstance(given.args[0].value, cst.Name) \
            and not given.args[0].star and given.args[0].keyword is None:
        inner = frame.tensors.get(given.args[0].value.value)
        if inner is not None and len(inner.shape) > batch_dim and inner.shape[batch_dim] == batch:
            return given.args[0].value.value
    return source.code(given)


def _through_helper(tracer: Tracer, source: Source, function, stated, size: str, fixed: str) -> Edit | None:
    """`h0 = self.init_hidden()` whose `torch.zeros(layers, self.batch_size, hidden)` cannot see the
    input: the helper takes the batch as a parameter, and its one call passes `x.size(0)`."""
    if stated[0] is None or function is None:
        return None
    where, value = stated[0]
    helper = where.enclosing(value, cst.FunctionDef)
    if where.path != source.path or helper is None or helper is function or isinstance(value, cst.Integer):
        return None
    parameters = helper.params
    if parameters.star_arg is not cst.MaybeSentinel.DEFAULT or parameters.star_kwarg is not None \
            or parameters.kwonly_params or parameters.posonly_params \
            or any(p.default is not None for p in parameters.params):
        return None
    klass = where.enclosing(helper, cst.ClassDef)
    if klass is not source.enclosing(function, cst.ClassDef):
        return None
    given = parameter_names(helper)[1:] if klass is not None else parameter_names(helper)  # not `self`
    if set(names_in(value)) & set(given):
        return None  # the size already comes from the caller: the caller's argument is what is wrong
    name = helper.name.value
    calls = [(s, c) for s in tracer.project_sources() for c in s.nodes(cst.Call) if last_name(c.func) == name]
    if len(calls) != 1 or calls[0][0].path != source.path \
            or source.enclosing(calls[0][1], cst.FunctionDef) is not function:
        return None  # another caller would lose its argument, or the helper is called elsewhere
    call = calls[0][1]
    if any(a.keyword is not None or a.star for a in call.args):
        return None
    taken = set(parameter_names(helper)) | _bare_names(helper)
    parameter = next((n for n in ("batch_size", "batch", "n_batch") if n not in taken), None)
    if parameter is None:
        return None
    replacements = {parameters: parameters.with_changes(params=[*parameters.params, cst.Param(cst.Name(parameter))]),
                    call: call.with_changes(args=[*call.args, cst.Arg(cst.parse_expression(size))])}
    for target in stated:
        if target is not None and target[0] is where and where.enclosing(target[1], cst.FunctionDef) is helper \
                and not isinstance(target[1], cst.Integer) and target[1] not in replacements:
            replacements[target[1]] = cst.Name(parameter)
    text = replaced_all(where.module, replacements)
    reason = (f"Gave {name} the batch as a parameter ({where.code(value)} -> {parameter}) and passed it {size}: the "
              f"RNN's initial state was built for a fixed batch of {fixed}, and a batch of another size (the last, "
              "partial one) breaks it")
    return where.edit(text, where.line_of(value), reason)


def _bare_names(node: cst.CSTNode) -> set[str]:
    """The names the code reads or binds, not the attribute names after a dot (`self.batch_size`)."""
    found: set[str] = set()

    class Names(cst.CSTVisitor):
        def visit_Attribute(self, attribute: cst.Attribute):
            attribute.value.visit(self)
            return False

        def visit_Name(self, name: cst.Name):
            found.add(name.value)

    node.visit(Names())
    return found
