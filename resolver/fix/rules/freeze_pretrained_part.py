"""## What it does
Narrows a "freeze every parameter" step to the model's pretrained child when the code says which
child that is: `for p in model.parameters(): p.requires_grad = False` (or `model.requires_grad_(False)`,
or a project helper that freezes the model it is given) becomes the same over `model.backbone`.
The pretrained child is the one the state dict loaded before the freeze was filtered to (a comprehension
keyed by the checkpoint's own keys, or a loop copying them, tested by `'backbone' in k` where no other
child's name holds that string, `k.startswith('encoder.')` or `k.split('.')[0] == 'encoder'`) or loaded
into (`model.encoder.load_state_dict(...)`), or the one the model's class builds from a pretrained
source (`pretrained=True`, `from_pretrained(...)`, a class that loads its weights itself); a child's
name alone is no evidence. Only when the frozen model is the one given to a torch.optim optimizer,
nothing is attached to it next to the freeze (a new head after it is a freeze by design; before it, see
`freeze_after_new_layer`), the freeze's line carries no comment (the author stated the intent), nothing
the failing step holds requires grad, and another child has parameters left to train. Nothing (a question
for the author) for two candidate children, a filter it cannot read or one that keeps several children,
or a checkpoint loaded unfiltered into a model of that class anywhere in the project, strict or not.

## Why is this bad?
`element 0 of tensors does not require grad and does not have a grad_fn`: the freeze meant for the
pretrained part froze the head too, so nothing the loss is computed from requires grad.

## Example
```python
state = {k: v for k, v in checkpoint.items() if k.startswith("backbone.")}
model.load_state_dict(state, strict=False)
for p in model.parameters():
    p.requires_grad = False
```

Use instead:
```python
state = {k: v for k, v in checkpoint.items() if k.startswith("backbone.")}
model.load_state_dict(state, strict=False)
for p in model.backbone.parameters():
    p.requires_grad = False
```
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._freeze import Freeze, attaches, freezes, may_hold_parameters
from resolver.fix.rules._project import methods, module_classes, replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call, names_in, project_sources
from resolver.fix.rules._syntax import last_name, own_nodes
from resolver.write.edits import Edit, Workspace

# calls that load weights: inside a child's class, they make it pretrained
LOADS = frozenset({"load_state_dict", "from_pretrained", "load_url", "load_state_dict_from_url"})
NOT_MODULES = ("numpy.", "math.", "builtins.")  # a child made by these is a number or a container, not a layer
MAX_EDITS = 2


def _class_of(freeze: Freeze, scope: cst.CSTNode, diagnosis: Diagnosis, classes: dict) -> str | None:
    """The project class the frozen model is an instance of: what the probe saw under that name in
    a frame of this scope, else the class its nearest assignment before the freeze constructs
    (`net = parsingNet(...)`, `model = Net().to(device)`; `model = model.cuda()` is passed over)."""
    source, line = freeze.source, freeze.source.line_of(freeze.statement)
    function = scope.name.value if isinstance(scope, cst.FunctionDef) else "<module>"
    seen = {f.models[freeze.model][0] for f in diagnosis.frames if f.user and f.file == source.path
            and f.function == function and freeze.model in f.models}
    if not seen:
        made = _made(source, scope, freeze.model, line)
        seen = {made} if made else set()
    return seen.pop() if len(seen) == 1 and next(iter(seen)) in classes else None


def _made(source: Source, scope: cst.CSTNode, name: str, line: int) -> str | None:
    """The name of the class the nearest assignment to `name` before the line constructs."""
    made = [_constructed(a.value) for a in own_nodes(scope, cst.Assign) if source.line_of(a) < line
            and len(a.targets) == 1 and source.module.code_for_node(a.targets[0].target) == name
            and isinstance(a.value, cst.Call) and name not in names_in(a.value, True)]
    return last_name(made[-1].func) if made else None


def _constructed(call: cst.Call) -> cst.Call:
    """The constructor under the module methods chained on it: `Net(...)` of `Net(...).to(device).train()`."""
    while isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Call):
        call = call.func.value
    return call


def _optimizer(source: Source, call: cst.Call, classes: dict) -> bool:
    """A torch.optim optimizer class (`torch.optim.SGD`, not a scheduler or swa_utils), or a project
    subclass of one."""
    home = classes.get(last_name(call.func))
    bases = [(home[0], b.value) for b in home[1].bases] if home is not None else []
    return any(_optimizer_class(q) for s, node in [(source, call.func), *bases] for q in s.qualified_names(node))


def _optimizer_class(qualified: str) -> bool:
    parts = qualified.split(".")
    return len(parts) == 3 and parts[:2] == ["torch", "optim"] and parts[2][:1].isupper()


def _trained(sources: list[Source], source: Source, scope: cst.CSTNode, model: str, classes: dict) -> bool:
    """Whether the model's parameters reach an optimizer in its scope, or, when a function returns
    it, in the scope of a caller that keeps what it returns."""
    if any(_optimizer(source, c, classes) and any(model in names_in(a.value, True) for a in c.args)
           for c in own_nodes(scope, cst.Call)):
        return True
    returned = isinstance(scope, cst.FunctionDef) and any(
        r.value is not None and model in names_in(r.value, True) for r in own_nodes(scope, cst.Return))
    if not returned:
        return False
    for other in sources:
        for assign in other.nodes(cst.Assign):
            if isinstance(assign.value, cst.Call) and last_name(assign.value.func) == scope.name.value:
                caller = other.enclosing(assign, cst.FunctionDef) or other.module
                kept = [name for t in assign.targets for name in names_in(t.target)]
                if any(_trained([], other, caller, name, classes) for name in kept):
                    return True
    return False


def _children(source: Source, klass: cst.ClassDef) -> dict[str, cst.Call]:
    """The layers the class's __init__ builds: `self.name = Layer(...)` -> that call."""
    init = methods(klass).get("__init__")
    found = {}
    for assign in own_nodes(init, cst.Assign) if init is not None else ():
        target = assign.targets[0].target if len(assign.targets) == 1 else None
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self" \
                and isinstance(assign.value, cst.Call) \
                and not any(q.startswith(NOT_MODULES) for q in source.qualified_names(assign.value.func)):
            found[target.attr.value] = assign.value
    return found


def _built_pretrained(source: Source, call: cst.Call, classes: dict) -> bool:
    """`resnet(pretrained=True)`, `weights=...`, `Bert.from_pretrained(...)`, `torch.load(...)`, or a
    project class whose __init__ loads weights itself."""
    for keyword in ("pretrained", "weights"):
        given = argument(call, 99, keyword)
        if given is not None and not (isinstance(given.value, cst.Name) and given.value.value in ("False", "None")):
            return True
    if last_name(call.func) == "from_pretrained" or source.calls(call, {"torch.load"}):
        return True
    home = classes.get(last_name(call.func))
    init = methods(home[1]).get("__init__") if home is not None else None
    return init is not None and any(last_name(c.func) in LOADS or home[0].calls(c, {"torch.load"})
                                    for c in own_nodes(init, cst.Call))


def _kept_child(source: Source, scope: cst.CSTNode, value: cst.BaseExpression, line: int, children: dict):
    """The one child a state dict keeps where it was built by filtering the checkpoint's own keys
    (`{k: v for k, v in sd.items() if k.startswith('backbone.')}`, or a loop that copies them
    `if 'model' in k: state[k] = v`); None when it was not filtered, by a test not read, a key
    rewritten (`k[6:]`), or to several children."""
    if isinstance(value, cst.DictComp):
        tests = _comprehension_tests(value, children)
    elif isinstance(value, cst.Name):
        tests = []
        for assign in own_nodes(scope, cst.Assign):
            if source.line_of(assign) >= line or len(assign.targets) != 1:
                continue
            target = assign.targets[0].target
            if source.code(target) == value.value and isinstance(assign.value, cst.DictComp):
                tests = _comprehension_tests(assign.value, children)
            elif isinstance(target, cst.Subscript) and source.code(target.value) == value.value:
                test, loop = source.enclosing(assign, cst.If), source.enclosing(assign, cst.For)
                key = _key(loop.target) if loop is not None else None
                slot = target.slice[0].slice if len(target.slice) == 1 else None
                keyed = key and test is not None and source.within(test, loop) \
                    and isinstance(slot, cst.Index) and _is_name(slot.value, key)
                tests.append(_kept(test.test, key, children) if keyed else None)
    else:
        return None
    if not tests or None in tests:
        return None
    kept = set().union(*tests)
    return kept.pop() if len(kept) == 1 else None


def _comprehension_tests(comprehension: cst.DictComp, children: dict) -> list:
    key = _key(comprehension.for_in.target)
    if not key or not _is_name(comprehension.key, key) or comprehension.for_in.inner_for_in is not None:
        return [None]  # the key rewritten (a prefix stripped): not a filter to a child
    return [_kept(i.test, key, children) for i in comprehension.for_in.ifs]


def _kept(test: cst.BaseExpression, key: str, children: dict) -> set | None:
    """The children whose keys pass `'model' in k` (the children whose name holds the string),
    `k.startswith('model.')`, `k.split('.')[0] == 'model'`; None for a test not read."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        operator, right = test.comparisons[0].operator, test.comparisons[0].comparator
        if isinstance(operator, cst.In) and isinstance(test.left, cst.SimpleString) and _is_name(right, key):
            return {c for c in children if test.left.evaluated_value in c + "."}
        literal = [s for s in (test.left, right) if isinstance(s, cst.SimpleString)]
        if isinstance(operator, cst.Equal) and len(literal) == 1 and key in names_in(test):
            return {literal[0].evaluated_value} & set(children)
    if method_call(test, "startswith") and _is_name(test.func.value, key) and len(test.args) == 1 \
            and isinstance(test.args[0].value, cst.SimpleString):
        prefix = test.args[0].value.evaluated_value
        return {c for c in children if (c + ".").startswith(prefix) or prefix.startswith(c + ".")}
    return None


def _key(target: cst.BaseExpression) -> str | None:
    """`k` of `for k, v in sd.items()` and of `for k in sd`."""
    if isinstance(target, cst.Tuple) and target.elements:
        target = target.elements[0].value
    return target.value if isinstance(target, cst.Name) else None


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _pretrained_child(freeze: Freeze, scope: cst.CSTNode, children: dict, klass: tuple, classes: dict):
    """(child, why) for the one child the code says is pretrained; None when none or several, or when
    a state dict loaded into the whole model was not filtered to one child (all of it is pretrained,
    or a question for the author)."""
    source, model, line = freeze.source, freeze.model, freeze.source.line_of(freeze.statement)
    said: dict[str, str] = {}
    for call in own_nodes(scope, cst.Call):
        if not method_call(call, "load_state_dict") or source.line_of(call) >= line or not call.args:
            continue
        owner = source.module.code_for_node(call.func.value)
        where = f"the state dict loaded at line {source.line_of(call)}"
        if owner.startswith(model + "."):
            said.setdefault(owner[len(model) + 1:].split(".")[0], f"{where} went into it")
        elif owner == model:
            kept = _kept_child(source, scope, call.args[0].value, source.line_of(call), children)
            if kept is None:
                return None
            said.setdefault(kept, f"{where} was filtered to its keys")
    for name, call in children.items():
        if _built_pretrained(klass[0], call, classes):
            said.setdefault(name, f"{klass[0].path.name}:{klass[0].line_of(call)} builds it pretrained")
    return next(iter(said.items())) if len(said) == 1 and next(iter(said)) in children else None


def _loaded_whole(sources: list[Source], name: str, classes: dict) -> bool:
    """Whether the project loads a state dict not filtered to one child into a model of class `name`
    (`model = Det(); model.load_state_dict(checkpoint["model"])` in a loader, `self.load_state_dict`
    in the class): then every part of it is pretrained."""
    children = _children(*classes[name])
    for source in sources:
        for call in source.nodes(cst.Call):
            if not method_call(call, "load_state_dict") or not call.args or not isinstance(call.func.value, cst.Name):
                continue
            owner = call.func.value.value
            scope = source.enclosing(call, cst.FunctionDef) or source.module
            klass = source.enclosing(call, cst.ClassDef) if owner == "self" else None
            made = klass.name.value if klass is not None else _made(source, scope, owner, source.line_of(call))
            if made == name and _kept_child(source, scope, call.args[0].value, source.line_of(call), children) is None:
                return True
    return False


def _commented(statement: cst.CSTNode) -> bool:
    """Whether the freeze's own line carries a comment: the author stated what it is for."""
    if isinstance(statement, cst.SimpleStatementLine):
        return statement.trailing_whitespace.comment is not None
    header = getattr(getattr(statement, "body", None), "header", None)
    return header is not None and header.comment is not None


class FreezePretrainedPart(Rule):
    categories = ("autograd.no_grad_fn",)
    priority = 2  # after freeze_after_new_layer: a head attached before the freeze is that rule's case

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        step = next((f for f in reversed(diagnosis.frames) if f.user), None)
        if step is None or any(t.requires_grad for t in step.tensors.values()):
            return  # something the failing step holds carries a graph: the model is not frozen whole
        live = {cls for f in diagnosis.frames if f.user for cls, _ in f.models.values()}
        found = [(s, c) for s, c in module_classes(workspace)]
        names = Counter(c.name.value for _, c in found)
        classes = {c.name.value: (s, c) for s, c in found if names[c.name.value] == 1}  # which of two runs: unknown
        sources = project_sources(workspace)
        done: set[cst.CSTNode] = set()
        yielded = 0
        for freeze in freezes(workspace):
            if freeze.nodes[0] in done:
                continue  # the loop inside an `if` that froze as a whole already
            done.add(freeze.nodes[0])
            edit = self._edit(freeze, diagnosis, sources, live, classes)
            if edit is not None:
                yield edit
                yielded += 1
                if yielded == MAX_EDITS:
                    return

    def _edit(self, freeze: Freeze, diagnosis: Diagnosis, sources: list[Source], live: set, classes: dict):
        source, model = freeze.source, freeze.model
        scope = source.enclosing(freeze.statement, cst.FunctionDef) or source.module
        if any(attaches(source, s, model) for s in freeze.block.body):
            return None  # a layer attached next to the freeze: a freeze by design, or freeze_after_new_layer's case
        if _commented(freeze.statement):
            return None
        name = _class_of(freeze, scope, diagnosis, classes)
        if name is None or name not in live:
            return None
        if not _trained(sources, source, scope, model, classes):
            return None  # frozen and never trained: a teacher, a feature extractor
        if _loaded_whole(sources, name, classes):
            return None
        children = _children(*classes[name])
        found = _pretrained_child(freeze, scope, children, classes[name], classes)
        if found is None:
            return None
        part, why = found
        if not any(may_hold_parameters(classes[name][0], v) for c, v in children.items() if c != part):
            return None  # nothing else to train: freezing the pretrained part leaves the same error
        new = replaced_all(source.module, {n: cst.Attribute(n, cst.Name(part)) for n in freeze.nodes})
        reason = (f"Narrowed the freeze at line {source.line_of(freeze.statement)} from every parameter of "
                  f"`{model}` to `{model}.{part}`, its pretrained part ({why}): it froze {name}'s other "
                  "layers too, so nothing the loss is computed from required grad")
        return source.edit(new, source.line_of(freeze.statement), reason)
