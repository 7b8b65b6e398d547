"""## What it does
Makes a loss again after the optimizer step that changed the weights its forward ran through:
when `backward()` fails because an earlier `step()` in the same block rewrote, in place, weights of
the network that optimizer holds (`opt_D = Adam(D.parameters())`, then `opt_D.step()`), the
statements that made this loss from that network's forward (`p_fake = D(fake)`,
`g_loss = ...`) run again right after the step. A statement that only this loss reads moves there;
one that the earlier update also read is repeated, so that update keeps its own values.

## Why is this bad?
`one of the variables needed for gradient computation has been modified by an inplace operation:
[torch.FloatTensor [128, 1]], which is output 0 of AsStrided, is at version 2; expected version 1`:
two updates share one forward through a network (a GAN's discriminator, a critic), and the first
update's `step()` rewrote that network's weights before the second loss's backward went back
through them. Since torch 1.5 this fails; before, it silently used the new weights with the old
activations. Making the second loss from the updated network is the usual alternating update.
(`step_before_backward` tries running the second update first; this rule is for when that does
not hold, e.g. the first loss also reads the second network's output.)

## Example
```python
p_real, p_fake = D(real), D(fake)
d_loss = -torch.mean(torch.log(p_real) + torch.log(1 - p_fake))
g_loss = torch.mean(torch.log(1 - p_fake))
opt_D.zero_grad(); d_loss.backward(retain_graph=True); opt_D.step()
opt_G.zero_grad(); g_loss.backward(); opt_G.step()
```

Use instead:
```python
p_real, p_fake = D(real), D(fake)
d_loss = -torch.mean(torch.log(p_real) + torch.log(1 - p_fake))
opt_D.zero_grad(); d_loss.backward(retain_graph=True); opt_D.step()
# opt_D.step() changed D: g_loss is made again from its new weights
p_fake = D(fake)
g_loss = torch.mean(torch.log(1 - p_fake))
opt_G.zero_grad(); g_loss.backward(); opt_G.step()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import names_in
from resolver.fix.rules._updates import (
    assigned,
    backward_call,
    failing_backward,
    loss_slice,
    optimizer_step,
    runs_network,
)
from resolver.write.edits import Edit, Workspace


def _reads(statement) -> list[str]:
    small = statement.body[0] if len(statement.body) == 1 else None
    return names_in(small.value) if isinstance(small, cst.Assign) else names_in(statement)


def _only(statement: cst.SimpleStatementLine, wanted: set[str]) -> cst.SimpleStatementLine:
    """`d_real, d_fake = D(real), D(fake)` made again as `d_fake = D(fake)` when only d_fake is read."""
    assign = statement.body[0]
    target, value = assign.targets[0].target, assign.value
    if not (isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple)
            and len(target.elements) == len(value.elements)):
        return statement
    pairs = [(t.value, v.value) for t, v in zip(target.elements, value.elements)
             if not isinstance(t.value, cst.Name) or t.value.value in wanted]
    if len(pairs) != 1:
        return statement
    (kept, made), = pairs
    return statement.with_changes(body=[assign.with_changes(targets=[cst.AssignTarget(kept)], value=made)])


def _single_assignment(statement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Assign)


class LossRemadeAfterStep(Rule):
    categories = ("autograd.inplace_modified",)
    priority = -1  # after step_before_backward, which keeps both losses as they were; before inplace_autograd

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = failing_backward(diagnosis, workspace)
        if found is None:
            return
        source, failing, block = found
        backward = backward_call(source, [failing])
        if not isinstance(backward.func.value, cst.Name):
            return
        loss, body = backward.func.value.value, list(block.body)
        at = body.index(failing)
        # the optimizer step before the failing backward (a scheduler's step is not one), and the failing
        # update's own step after it: two optimizers over different networks, as in a GAN or actor-critic
        stepped = next((i for i in range(at - 1, -1, -1) if optimizer_step(source, body[i])), None)
        own = next((found for s in body[at:] if (found := optimizer_step(source, s))), None)
        if stepped is None or own is None or loss in assigned(body[stepped + 1:at]):
            return
        step, networks = optimizer_step(source, body[stepped])
        if networks & own[1]:
            return  # one optimizer's network stepped twice: the losses are one update's to sum
        # the statements before the step that make the loss, and among them those the network's new weights change
        made = loss_slice(body[:stepped], loss)
        stale, changed_names = [], set()
        for i in made:
            if runs_network(source, body[i], networks) or set(_reads(body[i])) & changed_names:
                stale.append(i)
                changed_names |= assigned([body[i]])
        if not stale or not all(_single_assignment(body[i]) for i in stale) or loss not in changed_names:
            return
        if any(set(_reads(body[i])) & assigned(body[i + 1:stepped + 1]) for i in stale):
            return  # what the loss was made from was rebound before the step (`fake = fake.detach()`)
        others = [s for i, s in enumerate(body[:at]) if i not in stale]
        copied = {i for i in stale if any(assigned([body[i]]) & set(names_in(s)) for s in others)}
        network = sorted(networks)[0]
        note = cst.EmptyLine(comment=cst.Comment(
            f"# {source.code(step)} changed {network}: {loss} is made again from its new weights"))
        # a repeated line leaves its trailing comment where it was said; the first remade line takes the
        # blank line that started the next update, so the remade lines open that update's paragraph
        after = body[stepped + 1] if stepped + 1 < len(body) else None
        opening = list(after.leading_lines) if after is not None else []
        read_later = {loss} | {name for i in stale for name in _reads(body[i])}
        remade = [_only(body[i], read_later).with_changes(
            leading_lines=[*opening, *([note] if copied else [])] if n == 0 else [],
            **({"trailing_whitespace": cst.TrailingWhitespace()} if i in copied else {})) for n, i in enumerate(stale)]
        new_body, carried = [], []
        for i, statement in enumerate(body):
            if i in stale and i not in copied:
                carried = carried or list(statement.leading_lines)  # its comment stays where it was
                continue  # moved after the step
            if carried and not statement.leading_lines:
                statement, carried = statement.with_changes(leading_lines=carried), []
            if statement is after:
                statement = statement.with_changes(leading_lines=[])
            new_body.append(statement)
            if i == stepped:
                new_body += remade
        reason = (f"Made {loss} {'again ' if copied else ''}after {source.code(step)}: the step rewrote {network}'s "
                  f"weights in place, and {loss}.backward() still went back through the forward that ran before it")
        yield source.edit(source.replaced(block, block.with_changes(body=new_body)), source.line_of(failing), reason)
