"""Gradient accumulation written into a training loop, and the batch size and accumulation count
set where they are written: the source half of batch_accumulation (the rule) and of the
hand-written batches path (_hand_batches)."""

from __future__ import annotations

import re
from pathlib import Path

import libcst as cst
import libcst.matchers as m

from resolver.diagnose.diagnosis import Site
from resolver.diagnose.memory import Forecast
from resolver.fix.rules._declarations import argparse_default
from resolver.fix.rules._definitions import _assigned_values, _params, parameter_of, trail
from resolver.fix.rules._source import Source, argument, method_call, parsed, project_files, project_sources
from resolver.write.edits import Change, Workspace

STEP_CALLS = ("step", "zero_grad", "update", "unscale_")  # optimizer, scheduler, GradScaler
STEP_COUNTS = ("steps_per_epoch", "total_steps")  # a per-batch schedule's length, in steps
CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".toml", ".cfg", ".ini")
COUNT, INDEX = "accumulation_steps", "accumulation_index"
STEP_DOWN = 0.6  # the second plan's micro-batch, at most this share of the first's


def plan(forecast: Forecast) -> tuple[int, int] | None:
    """(micro-batch, k): the fewest micro-batches whose size fits, an exact divisor of the batch when
    one fits (the effective batch stays exactly the same)."""
    largest, batch = forecast.largest_batch(), forecast.user_batch
    if largest < 1 or largest >= batch:
        return None
    k = next((k for k in range(2, batch + 1) if batch % k == 0 and batch // k <= largest), None)
    if k is None or batch // k < largest / 4:  # no divisor near it: the nearest even split
        k = -(-batch // largest)
    return -(-batch // k), k


def step_down(batch: int, micro: int, k: int) -> tuple[int, int] | None:
    """The plan one step below (micro, k): at most STEP_DOWN of the micro-batch, an exact divisor
    of the batch when one is near. The forecast's batch is tried first; this one only when that
    one's verifying run ran out of memory too (the user's allocator may hold more than measured)."""
    target = int(micro * STEP_DOWN)
    if target < 1:
        return None
    k2 = next((k2 for k2 in range(k + 1, batch + 1) if batch % k2 == 0 and batch // k2 <= target), None)
    if k2 is None or batch // k2 < target / 2:
        k2 = -(-batch // target)
    return (-(-batch // k2), k2) if -(-batch // k2) < micro else None


def _statement_calls(statement: cst.CSTNode, names: tuple[str, ...]) -> bool:
    """A simple statement line whose call is `<x>.<name>(...)` for one of the names (or clip_grad_*)."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    found = []

    class Calls(cst.CSTVisitor):
        def visit_Call(self, call):
            found.append(call)

    statement.visit(Calls())
    return any(method_call(c, *names) or "clip_grad" in cst.Module([]).code_for_node(c.func) for c in found)


def _backward(statement: cst.CSTNode) -> cst.Call | None:
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
            and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.Call) \
            and method_call(statement.body[0].value, "backward"):
        return statement.body[0].value
    return None


def training_loops(source: Source) -> list[cst.For]:
    """For loops whose own body holds `X.backward()` and an optimizer step after it."""
    found = []
    for loop in source.nodes(cst.For):
        body = list(loop.body.body)
        at = next((i for i, s in enumerate(body) if _backward(s)), None)
        if at is not None and any(_statement_calls(s, ("step",)) for s in body[at + 1:]):
            found.append(loop)
    return found


def _divided(call: cst.Call) -> cst.Call:
    """`loss.backward()` -> `(loss / k).backward()`; `scaler.scale(loss).backward()` -> `scaler.scale(loss / k)...`."""
    receiver = call.func.value
    over = cst.parse_expression(f"x / {COUNT}")
    if isinstance(receiver, cst.Call) and method_call(receiver, "scale") and len(receiver.args) == 1:
        inner = receiver.args[0].value
        new = receiver.with_changes(args=[receiver.args[0].with_changes(value=over.with_changes(left=inner))])
        return call.with_changes(func=call.func.with_changes(value=new))
    divided = over.with_changes(left=receiver, lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return call.with_changes(func=call.func.with_changes(value=divided))


def _guard(test: str, statements: list[cst.BaseStatement]) -> cst.If:
    return cst.If(test=cst.parse_expression(test), body=cst.IndentedBlock(body=statements))


def accumulated(source: Source, loop: cst.For, batch: int, micro: int, k: int, sized: bool = True) -> str | None:
    """The file with the loop accumulating gradients over k micro-batches; None when its shape is
    not one this rule knows (a step inside an if, an enumerate with a start). A loop over batches
    with no len() (a generator) steps its last partial group after the loop instead."""
    iterable, target, index = loop.iter, loop.target, INDEX
    if isinstance(iterable, cst.Call) and source.code(iterable.func) == "enumerate":
        if len(iterable.args) != 1 or not isinstance(target, cst.Tuple) \
                or not isinstance(target.elements[0].value, cst.Name):
            return None
        index, iterable = target.elements[0].value.value, iterable.args[0].value
        new_target, new_iter = target, loop.iter
    elif isinstance(iterable, cst.Call) and source.code(iterable.func) == "range" and len(iterable.args) == 1 \
            and isinstance(target, cst.Name):
        index, new_target, new_iter = target.value, target, iterable  # `for s in range(steps)`: s counts from 0
    else:
        new_target = cst.parse_expression(f"({INDEX}, x)").with_changes(lpar=[], rpar=[])
        new_target = new_target.with_changes(elements=[new_target.elements[0], cst.Element(
            target.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) if isinstance(target, cst.Tuple)
            else target)])
        new_iter = cst.parse_expression("enumerate(x)").with_changes(args=[cst.Arg(iterable)])
    body = list(loop.body.body)
    at = next(i for i, s in enumerate(body) if _backward(s))
    before = [i for i, s in enumerate(body[:at]) if _statement_calls(s, ("zero_grad",))]
    after = [i for i in range(at + 1, len(body)) if _statement_calls(body[i], STEP_CALLS)]
    if not after:
        return None
    last = f" or {index} + 1 == len({source.code(iterable)})" if sized else ""
    step_group = _guard(f"({index} + 1) % {COUNT} == 0{last}", [body[i] for i in after])
    new_body = []
    for i, statement in enumerate(body):
        if i in before:
            new_body.append(_guard(f"{index} % {COUNT} == 0", [statement]))
        elif i == at:
            call = _backward(statement)
            new_body.append(statement.deep_replace(call, _divided(call)))
        elif i == after[0]:
            new_body.append(step_group)
        elif i not in after:
            new_body.append(statement)
    new_loop = loop.with_changes(target=new_target, iter=new_iter, body=loop.body.with_changes(body=new_body))
    count = cst.parse_statement(f"{COUNT} = {k}  # batch {batch} as {k} micro-batches of {micro}: "
                                f"the effective batch is kept\n")
    if not isinstance(source.parents.get(loop), cst.IndentedBlock | cst.Module):
        return None
    flush = [] if sized else [_guard(f"({index} + 1) % {COUNT} != 0  # the last, partial group",
                                     [body[i] for i in after])]
    text = source.replaced(loop, cst.FlattenSentinel([count, new_loop.with_changes(leading_lines=[]), *flush]))
    return _with_scheduler_in_steps(parsed(source.path, text), iterable, k)


def _with_scheduler_in_steps(source: Source, iterable: cst.BaseExpression, k: int) -> str | None:
    """Each `len(loader)` in a learning-rate scheduler's arguments (OneCycleLR's total_steps or
    steps_per_epoch) divided into optimizer steps: the scheduler now steps once per k micro-batches.
    None when such a count is computed some other way (`math.ceil(n / args.batch_size)`, a config
    value): whether it counts batches is not known, and a schedule planned for k times the steps it
    gets would never anneal."""
    wanted = f"len({source.code(iterable)})"
    text = source.text
    for call in scheduler_calls(source):
        code = source.code(call)
        counts = [a.value for a in call.args if a.keyword is not None and a.keyword.value in STEP_COUNTS]
        if any(wanted not in source.code(c) and not isinstance(c, cst.Integer) for c in counts):
            return None
        if wanted in code and code in text:
            text = text.replace(code, code.replace(wanted, f"(({wanted} + {k - 1}) // {k})"), 1)
    return text


def loader_of(loop: cst.For) -> cst.BaseExpression:
    iterable = loop.iter
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value == "enumerate":
        return iterable.args[0].value
    return iterable


def scheduler_calls(source: Source) -> list[cst.Call]:
    return source.nodes(cst.Call, lambda c: any(q.startswith("torch.optim.lr_scheduler.")
                                                for q in source.qualified_names(c.func)))


def _key_pattern(key: str, batch: int | None) -> re.Pattern:
    number = r"\d+" if batch is None else str(batch)
    return re.compile(rf"""(^|[\s{{,"'])({re.escape(key)}["']?\s*[:=]\s*)({number})\b""", re.MULTILINE)


def _set_key(text: str, key: str, batch: int | None, micro: int) -> str:
    """The config text with `key` set to `micro` where it holds the batch; with batch None,
    whatever number it holds multiplied by `micro`."""
    new = (lambda m: micro) if batch is not None else (lambda m: int(m.group(3)) * micro)
    return _key_pattern(key, batch).sub(lambda m: f"{m.group(1)}{m.group(2)}{new(m)}", text)


def _config_file(workspace: Workspace, key: str, batch: int | None, micro: int,
                 suffixes: tuple[str, ...] = CONFIG_SUFFIXES) -> tuple[Path, str, str] | None:
    """A config file (with ".py" in the suffixes, a settings module too: `dict(batch_size=192)`) that
    sets `key` to the batch (None: to a number), exactly once in the project: (path, before, after)."""
    pattern = _key_pattern(key, batch)
    # the code, and the command's arguments (`train.py ctr_config.json` names its config too)
    code = "\n".join([*(source.text for source in project_sources(workspace)), *workspace.arguments])
    found = []
    for path in project_files(workspace, suffixes):
        if (path.stem if path.suffix == ".py" else path.name) not in code:  # never named (imported): not its config
            continue
        text = workspace.text(path)
        hits = pattern.findall(text)
        if hits:
            found.append((path, text, len(hits)))
    if len(found) != 1 or found[0][2] != 1:
        return None
    path, text, _ = found[0]
    return path, text, _set_key(text, key, batch, micro)


def read_key(source: Source, node: cst.BaseExpression) -> str | None:
    """The config key a batch size is read by: `cfg["batch_size"]`, `cfg.train.batch_size`, `cfg.get("bs")`."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        value = node.slice[0].slice
        if isinstance(value, cst.Index) and isinstance(value.value, cst.SimpleString):
            return value.value.evaluated_value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Call) and method_call(node, "get") and node.args \
            and isinstance(node.args[0].value, cst.SimpleString):
        return node.args[0].value.evaluated_value
    return None


def batch_changes(workspace: Workspace, site: Site, batch: int, micro: int, k: int) -> tuple[list[Change], str]:
    """The batch size set to the micro-batch where it is written, and the words for where."""
    links = trail(workspace, site, 1, "batch_size")
    if not links:
        return [], ""
    file, node, what = links[-1]
    if isinstance(node, cst.Integer) and int(node.value) == batch:
        text = file.module.deep_replace(node, cst.Integer(str(micro))).code
        where = f"{what} ({file.path.name})" if what else f"the DataLoader's batch_size ({file.path.name})"
        return [Change(file.path, file.text, text)], where
    key = read_key(file, node)
    if key is not None and (config := _config_file(workspace, key, batch, micro)) is not None:
        path, before, after = config
        return [Change(path, before, after)], f"`{key}` in {path.name}"
    # written somewhere resolve cannot see (the command line, an environment variable): divided where used
    first_file, first_node, _ = links[0]
    new = cst.parse_expression(f"({first_file.code(first_node)}) // {k}" if isinstance(first_node, cst.BinaryOperation)
                               else f"{first_file.code(first_node)} // {k}")
    text = first_file.module.deep_replace(first_node, new).code
    return [Change(first_file.path, first_file.text, text)], f"the DataLoader's batch_size ({first_file.path.name})"


def _modulo_count(test: cst.BaseExpression) -> cst.BaseExpression | None:
    """X in a step guard `(i + 1) % X == 0`: the loop's own accumulation count."""
    found = [node.right for node in m.findall(test, m.BinaryOperation(operator=m.Modulo()))
             if isinstance(node.right, cst.Name | cst.Attribute | cst.Subscript)]
    return found[0] if len(found) == 1 else None


def _divides_by(source: Source, statements: list[cst.BaseStatement], count: cst.BaseExpression) -> bool:
    """Whether one of the statements divides by the count (`loss = criterion(...) / accum_steps`,
    `(loss / accum_steps).backward()`): the loss is averaged over the micro-batches it accumulates."""
    wanted = source.code(count)
    return any(source.code(node.right) == wanted for statement in statements
               for node in m.findall(statement, m.BinaryOperation(operator=m.Divide())))


def accumulating_loops(source: Source) -> list[tuple[cst.For, cst.BaseExpression]]:
    """(loop, count) for each for loop that already accumulates: its body holds `X.backward()` on a
    loss divided by the count, and an `if` on `... % count == 0` that steps and clears gradients.
    A scheduler stepped every n batches (`if (i + 1) % decay_every == 0: scheduler.step()`) is not
    one: nothing there divides the loss by n or clears gradients under the guard."""
    found = []
    for loop in source.nodes(cst.For):
        body = list(loop.body.body)
        at = next((i for i, s in enumerate(body) if _backward(s)), None)
        if at is None:
            continue
        guards = [s for s in body if isinstance(s, cst.If) and any(_statement_calls(b, ("step",)) for b in s.body.body)
                  and any(_statement_calls(b, ("zero_grad",)) for b in s.body.body)]
        counts = [c for c in map(_modulo_count, (g.test for g in guards)) if c is not None]
        if len(counts) == 1 and _divides_by(source, body[:at + 1], counts[0]):
            found.append((loop, counts[0]))
    return found


def passed_for(workspace: Workspace, source: Source, name: cst.Name) -> tuple[Source, cst.BaseExpression] | None:
    """The argument the one call of a function passes for its parameter `name` (found by the
    function's name across the project: the count is passed from where the config is read)."""
    function = source.enclosing(name, cst.FunctionDef)
    params = [p for p in _params(function) if p.star not in ("*", "**")]
    names = [p.name.value for p in params]
    position = names.index(name.value) - (1 if names and names[0] in ("self", "cls") else 0)
    calls = [(s, c) for s in project_sources(workspace) for c in s.nodes(cst.Call)
             if (c.func.value if isinstance(c.func, cst.Name) else getattr(c.func, "attr", cst.Name("_")).value)
             == function.name.value]
    if len(calls) != 1:
        return None
    caller, call = calls[0]
    arg = argument(call, position, name.value)
    return (caller, arg.value) if arg is not None else None


def made_at(workspace: Workspace, node: cst.Attribute) -> tuple[Source, cst.Integer, str] | None:
    """The one number a project makes a setting `cfg.<name>` / `args.<name>` from: a class field's
    default (a dataclass), or an argparse option's default; with its words. Unlike a layer's width,
    a count or a batch size is read in several places (a log line, a schedule's length), and all of
    them are meant to follow it."""
    name, made = node.attr.value, []
    for file in project_sources(workspace):
        for cls in file.nodes(cst.ClassDef):
            made += [(file, v, f"the default of {cls.name.value}.{name}") for v in _assigned_values(file, cls, name)]
        made += [option for call in file.nodes(cst.Call) if (option := argparse_default(file, call, name))]
    return made[0] if len(made) == 1 and isinstance(made[0][1], cst.Integer) else None


def _self_assignment(file: Source, node: cst.Attribute) -> cst.BaseExpression | None:
    """The value of the one `self.<attr> = value` in the class whose method reads `self.<attr>`."""
    owner = file.enclosing(node, cst.ClassDef)
    values = [a.value for a in file.nodes(cst.Assign) if file.enclosing(a, cst.ClassDef) is owner
              for t in a.targets if isinstance(t.target, cst.Attribute) and file.code(t.target) == file.code(node)]
    return values[0] if owner is not None and len(values) == 1 else None


def count_changes(workspace: Workspace, source: Source, count: cst.BaseExpression, k: int,
                  texts: dict[Path, str]) -> tuple[list[Change], str] | None:
    """The loop's own accumulation count multiplied by k where it is written: a literal the
    function is called with, or a config key (on top of the texts the batch change made)."""
    file, node = source, count
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        node = _self_assignment(file, node)  # `self.steps = config["accum_steps"]`: the key is accum_steps
        if node is None:
            return None
    if isinstance(node, cst.Name) and parameter_of(file, node):
        passed = passed_for(workspace, file, node)
        if passed is None:
            return None
        file, node = passed
    if isinstance(node, cst.Attribute) and (made := made_at(workspace, node)) is not None:
        file, node, _ = made  # a dataclass field's or an argparse option's default
    if isinstance(node, cst.Integer):
        changed = texts.get(file.path.resolve(), file.text).splitlines(True)
        line = file.line_of(node) - 1
        counted = file.module.deep_replace(node, cst.Integer(str(int(node.value) * k))).code.splitlines(True)
        if changed[line] != file.text.splitlines(True)[line]:
            return None  # the batch was set on the count's own line
        changed[line] = counted[line]  # on top of the batch's change where both are in one file (a dataclass)
        where = f"the accumulation count {node.value} ({file.path.name})"
        return [Change(file.path, file.text, "".join(changed))], where
    key = read_key(file, node)
    if key is None:
        return None
    config = _config_file(workspace, key, None, k)
    if config is None:
        return None
    path, before, after = config
    if path.resolve() in texts:  # the batch is set in the same file: the count on top of it
        after = _set_key(texts[path.resolve()], key, None, k)
    return [Change(path, before, after)], f"`{key}` in {path.name}"
