"""## What it does
Runs the update whose backward fails before the update whose optimizer step broke it: when an
`optimizer.step()` in the paragraph just before (one update: its loss, `zero_grad`, `backward`,
`step`) changes weights in place that the failing `backward()` still needs, the failing update's
paragraph moves ahead of that one, comments and all. Only when the moved paragraph reads nothing
the other one makes, so both losses stay what they were, and the other update zeroes its
gradients before its backward, so what the moved backward leaves in them is cleared.

## Why is this bad?
`one of the variables needed for gradient computation has been modified by an inplace operation:
[torch.FloatTensor [64, 1]] ... is at version 2; expected version 1`: both losses were built from
one forward through a network (a critic's values, a discriminator's scores), and the first
update's `step()` rewrote that network's weights before the second loss's backward went back
through them. Taking the dependent update first keeps each gradient the one of the weights that
made its loss.

## Example
```python
values = critic(states)
# critic update
critic_loss = F.mse_loss(values, returns)
critic_opt.zero_grad(); critic_loss.backward(retain_graph=True); critic_opt.step()

# actor update
actor_loss = -values.mean()
actor_opt.zero_grad(); actor_loss.backward(); actor_opt.step()
```

Use instead:
```python
values = critic(states)
# actor update
actor_loss = -values.mean()
actor_opt.zero_grad(); actor_loss.backward(retain_graph=True); actor_opt.step()

# critic update
critic_loss = F.mse_loss(values, returns)
critic_opt.zero_grad(); critic_loss.backward(); critic_opt.step()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import swapped
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in
from resolver.fix.rules._updates import (
    assigned,
    backward_call,
    calls_method,
    failing_backward,
    loss_slice,
    optimizer_step,
    paragraphs,
    retains,
    runs_network,
)
from resolver.write.edits import Edit, Workspace

WHY = ("the step before it rewrote in place weights that this backward still needs; the update that depends on the "
       "old weights now runs first")


class StepBeforeBackward(Rule):
    categories = ("autograd.inplace_modified",)
    priority = -2  # before inplace_autograd: an optimizer's step is no in-place op of the model to undo

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = failing_backward(diagnosis, workspace)
        if found is None or not isinstance(found[2], cst.IndentedBlock):
            return
        source, failing, parent = found
        runs = paragraphs(list(parent.body))
        index = next(i for i, run in enumerate(runs) if failing in run)
        if index == 0:
            return
        earlier, update = runs[index - 1], runs[index]
        at = update.index(failing)
        end = next((i for i in range(at, len(update)) if calls_method(source, [update[i]], "step")), None)
        if end is None or at > 0 and calls_method(source, update[:at], "step"):
            return
        update = update[:end + 1]  # the update ends at its step: what follows (a return) stays last
        # the earlier run's lines that make what the failing update reads (its forward) stay first
        reads = {n for s in update for n in names_in(s)}
        kept = max((i for i, s in enumerate(earlier) if assigned([s]) & reads), default=-1)
        prefix, before = earlier[:kept + 1], earlier[kept + 1:]
        # the update that now runs second clears its gradients first: the moved backward's spill
        # into its parameters (through the shared forward) is gone before its own backward
        if not (calls_method(source, before, "step") and calls_method(source, before, "backward")
                and calls_method(source, before, "zero_grad")) or assigned(before) & reads:
            return
        if _breaks_the_other(source, list(parent.body), update, before):
            return
        reason = (f"Ran the update of `{source.code(failing)}` before the one that ends in "
                  f"`{next(source.code(s) for s in reversed(before) if calls_method(source, [s], 'step'))}`: {WHY}")
        line, start = source.line_of(update[0]), list(parent.body).index(earlier[0])
        first, second = backward_call(source, update), backward_call(source, before)
        swaps = {}
        if retains(second) and not retains(first):  # the graph both share is now freed by the second
            swaps[first] = first.with_changes(args=[*first.args, cst.Arg(
                cst.Name("True"), keyword=cst.Name("retain_graph"),
                equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))])
            swaps[second] = second.with_changes(args=_without_retain(second.args))
        update = [swapped(s, swaps) for s in update]
        before = [swapped(s, swaps) for s in before]
        if prefix and not before[0].leading_lines:
            before[0] = before[0].with_changes(leading_lines=[cst.EmptyLine(indent=False)])
            update[0] = update[0].with_changes(leading_lines=[cst.EmptyLine(indent=False), *update[0].leading_lines]) \
                if not update[0].leading_lines else update[0]
        body = list(parent.body)
        moved = [*prefix, *update, *before]
        new_block = [*body[:start], *moved, *body[start + len(moved):]]
        yield source.edit(source.replaced(parent, parent.with_changes(body=new_block)), line, reason)


def _breaks_the_other(source: Source, body: list, update: list, before: list) -> bool:
    """Whether the moved update's step would change a network that the other update's loss still goes
    back through (a GAN's D loss made from G's output: G's step first breaks D's backward in turn)."""
    moved = next((found for s in update if (found := optimizer_step(source, s))), None)
    other = backward_call(source, before)
    if moved is None or other is None or not isinstance(other.func.value, cst.Name):
        return False
    upto = body[:body.index(next(s for s in before if source.within(other, s)))]
    return any(runs_network(source, upto[i], moved[1]) for i in loss_slice(upto, other.func.value.value))


def _without_retain(args) -> list:
    kept = [a for a in args if not (a.keyword is not None and a.keyword.value == "retain_graph")]
    return [*kept[:-1], kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)] if kept else kept
