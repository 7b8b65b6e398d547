"""## What it does
Gives a float-only reduction (`mean`, `std`, `var`, `nanmean`, `std_mean`, `var_mean`) of an
integer or bool tensor floats, at the place the kind of value says. Measurements (accuracies,
losses, timings collected as Python numbers) are floats that `torch.tensor(...)` made integer
because every number happened to be whole: the tensor gets `dtype=torch.float` where it is made.
Ids, labels, counts and masks are integers on purpose and are used as such elsewhere (as targets,
indices): only the reduction casts them, `labels.float().mean()`.

## Why is this bad?
`mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype.
Got: Long`, `std and var only support floating point and complex dtypes`: the mean of integers
is not an integer, and torch will not guess the dtype to return. Casting the ids where they are
made would break their other uses; casting measurements at each reduction leaves the wrong dtype
where the value is made.

## Example
```python
test_accs = [run(seed) for seed in range(runs)]  # each one 0 or 1 on a tiny split
test_acc = torch.tensor(test_accs)
print(f"{test_acc.mean():.4f} ± {test_acc.std():.4f}")
```

Use instead:
```python
test_acc = torch.tensor(test_accs, dtype=torch.float)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import THROUGH, Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, user_frames, wrap
from resolver.fix.rules._syntax import last_name, own_nodes
from resolver.write.edits import Edit, Workspace

FLOAT_ONLY = {"mean", "std", "var", "nanmean", "std_mean", "var_mean"}
# what a measurement is used for besides float reductions: reading it out
READ_OUT = FLOAT_ONLY | {"item", "tolist", "numpy", "cpu", "max", "min", "median", "sum", "numel", "size", "dim",
                         "round", "detach"}
CONSTRUCTORS = {"torch.tensor", "torch.as_tensor"}
FORMATTING = {"print", "str", "float", "format", "repr", "len"}
# methods on the trail that keep the values and do not state a dtype
KEEPING = THROUGH - {"long", "int", "short", "byte", "bool", "type", "float", "double", "half", "bfloat16", "astype"}


def _reduced(source: Source, call: cst.Call) -> cst.BaseExpression | None:
    """The tensor a float-only reduction call reduces: `x.mean()` or `torch.mean(x)`."""
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in FLOAT_ONLY:
        if source.qualified_names(call.func.value) & {"torch"}:
            positional = [a for a in call.args if a.keyword is None and not a.star]
            return positional[0].value if positional else None
        return call.func.value
    return None


def _made_by_constructor(tracer: Tracer, source: Source, node, frame):
    """The `torch.tensor(...)` step on the reduced tensor's trail that states no dtype, if any."""
    for step in tracer.chain(source, node, frame):
        if isinstance(step.node, cst.Call) and not step.path and step.source.calls(step.node, CONSTRUCTORS):
            if any(a.keyword is not None and a.keyword.value == "dtype" for a in step.node.args):
                return None  # its integer dtype was stated: ids by intent
            return step
        if isinstance(step.node, cst.Call) and last_name(step.node.func) not in KEEPING:
            return None  # computed by an operation (argmax, ==, sum): an integer result by nature
    return None


def _only_read_out(source: Source, made: cst.Call) -> bool:
    """Whether the name the constructor's value is bound to is only reduced, formatted or read out."""
    assign = source.parents.get(made)
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)):
        return isinstance(source.parents.get(made), cst.Attribute)  # reduced right where it is made
    name = assign.targets[0].target.value
    scope = source.function_of(made) or source.module
    for read in own_nodes(scope, cst.Name):
        if read.value != name or source.line_of(read) <= source.line_of(assign):
            continue  # the name before this binding (the list it was made from) is another value
        parent = source.parents.get(read)
        if isinstance(parent, cst.Attribute) and parent.value is read:
            if parent.attr.value not in READ_OUT:
                return False
            continue
        if isinstance(parent, (cst.FormattedStringExpression, cst.Arg)):
            outer = source.parents.get(parent)
            if isinstance(parent, cst.FormattedStringExpression) or (
                    isinstance(outer, cst.Call) and last_name(outer.func) in FORMATTING):
                continue
            if isinstance(outer, cst.Call) and _reduced(source, outer) is read:
                continue
        return False
    return True


class ReductionDtype(Rule):
    categories = ("dtype.reduction_integer",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        tracer = Tracer(diagnosis, workspace)
        for frame, source in user_frames(diagnosis, workspace):
            reductions = [(call, reduced) for call in source.on_line(cst.Call, frame.line)
                          if (reduced := _reduced(source, call)) is not None]
            if len({source.code(r) for _, r in reductions}) != 1:
                return  # none on this line, or several tensors: which one is integer is not visible
            call, reduced = reductions[0]
            made = _made_by_constructor(tracer, source, reduced, frame)
            if made is not None and _only_read_out(made.source, made.node):
                node = made.node
                new = node.with_changes(args=[*node.args[:-1], node.args[-1].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                    keyword_arg("dtype", f"{made.source.torch}.float")])
                reason = (f"Changed {made.source.code(node)} to {made.source.code(new)} where it is made: the values "
                          "are measurements, whole numbers by chance, and their mean is a float")
                yield made.source.edit(made.source.replaced(node, new), made.source.line_of(node), reason)
                return
            cast = wrap(source.module.code_for_node(reduced), ".float()")
            reason = (f"Changed {source.code(reduced)} to {source.code(cast)} in the reduction: integer values used "
                      "as such elsewhere (ids, labels, counts) stay integer, and only their mean is a float")
            casting = _CastAll({id(r) for _, r in reductions}, cast)
            yield source.edit(source.module.visit(casting).code, frame.line, reason)
            return


class _CastAll(cst.CSTTransformer):
    """The same reduced tensor in every reduction on the line, cast (`x.mean()`, `x.std()`)."""

    def __init__(self, originals: set, cast: cst.BaseExpression):
        super().__init__()
        self.originals, self.cast = originals, cast

    def on_leave(self, original_node, updated_node):
        return self.cast if id(original_node) in self.originals else updated_node
