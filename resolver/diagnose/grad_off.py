"""The blocks that turn gradients off, read from the source the run went through: which `with
torch.no_grad():` (or inference_mode, set_grad_enabled, a no_grad decorator) held an op the graph-cut
tracer saw cut a layer off the loss, and whether the program chose it by a setting.

Why a choice matters: a part run under no_grad because a flag, a phase or an epoch says so, written
both ways (`if self.freeze: with torch.no_grad(): f = self.backbone(x)` `else: f = self.backbone(x)`,
`torch.no_grad() if freeze else nullcontext()`, `torch.set_grad_enabled(not freeze)`), is frozen on
purpose, even while the optimizer holds its parameters: the program says when it learns. An
unconditional block around a layer that should learn is the bug (health4/10: a `--freeze-encoder`
flag the block ignores). Read from the code's structure, never from names."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

NAMES_SAID = 8  # layers named in a message or a note
PHASES = re.compile(r"^(train|training|val|valid|validation|eval|evaluation|test|testing|infer|inference)$",
                    re.IGNORECASE)


def block(cut: dict) -> tuple[str, int] | None:
    """Where gradients were turned off around the op the run saw under no_grad: the innermost
    block or no_grad decorator that holds its line or a caller's line, innermost frame first."""
    found = _holding(cut)
    if found is None:
        return None
    file, node = found
    decorators = [d for d in getattr(node, "decorator_list", ()) if _grad_off(d)]
    return file, decorators[0].lineno if decorators else node.lineno


def chosen(cut: dict) -> tuple[str, int, str] | None:
    """The setting that chose the no_grad block(s) holding this cut, as (file, line, code of the choice);
    None when a block holding it, in its frame or a caller's, is unconditional, a decorator, or chosen
    by something other than a setting."""
    if cut.get("op") != "no_grad":
        return None
    held = [(frame, node) for frame in cut.get("stack") or [cut] for node in _blocks(frame)]
    choices = [_choice(frame, node) for frame, node in held]
    return choices[0] if choices and all(choices) else None


def frozen_by_setting(health: dict, module: dict) -> tuple[str, int, str] | None:
    """The setting that chose the no_grad block behind every cut of this layer (grad_off.chosen), from
    the rerun that records the cuts; None when one of them is not chosen, or none was recorded."""
    cuts = health.get("cuts") or []
    choices = [chosen(cuts[i]) for i in module.get("cuts", ()) if i < len(cuts)]
    return choices[0] if choices and all(choices) else None


def frozen_by_settings(health: dict) -> str:
    """A note naming the layers a setting froze (they ran under a no_grad block it chose), or empty."""
    found = [(c["module"], choice) for c in health.get("cut_modules") or [] if not c.get("given")
             and (choice := frozen_by_setting(health, c))]
    cut = health.get("first_cut")
    if found:
        choice, what = found[0][1], f"{listed([m for m, _ in found])} got no gradient: they ran under no_grad in " \
                                    "the training forward"
    elif cut and (choice := chosen(cut)):  # a model its optimizer steps, run under that block in the update
        what = (f"{health.get('params', {}).get('without_grad_count', 0)} parameter(s) an optimizer holds got no "
                "gradient: their model ran under no_grad")
    else:
        return ""
    file, line, code = choice
    return (f"{what}, in a block the program chooses at {Path(file).name}:{line} ({code}), so they are frozen by "
            "that setting; left as it is")


def listed(names: list[str]) -> str:
    """The names, the first NAMES_SAID of them, and how many more."""
    more = f" and {len(names) - NAMES_SAID} more" if len(names) > NAMES_SAID else ""
    return ", ".join(names[:NAMES_SAID]) + more


def _choice(frame: dict, node: ast.AST) -> tuple[str, int, str] | None:
    """The setting that turns this block on, for the frame's line inside it: a conditional context manager,
    `set_grad_enabled(<a setting>)`, or an `if` on a setting whose other way runs the line's calls with grad."""
    file, tree = frame["file"], _parsed(frame["file"])
    if not isinstance(node, (ast.With, ast.AsyncWith)) or tree is None:
        return None  # a no_grad decorator: the function never learns, whoever calls it
    function = _function_of(tree, node)
    for item in node.items:
        expr = item.context_expr
        if isinstance(expr, ast.IfExp) and _grad_off(expr.body) != _grad_off(expr.orelse):
            return (file, node.lineno, ast.unparse(expr.test)) if _a_setting(expr.test, function) else None
        if _setting_switch(expr):
            switch = _switch_value(expr)
            return (file, node.lineno, ast.unparse(expr)) if _a_setting(switch, function) else None
    line_calls = {ast.unparse(n.func) for n in ast.walk(node) if isinstance(n, ast.Call)
                  and getattr(n, "lineno", 0) <= frame["line"] <= (getattr(n, "end_lineno", 0) or 0)}
    for branch in _enclosing_ifs(function, node):
        other = branch.orelse if _contains(branch.body, node) else branch.body
        if other and _a_setting(branch.test, function) and line_calls and line_calls <= _calls(other):
            return file, branch.lineno, f"if {ast.unparse(branch.test)}:"
    return None


def _blocks(frame: dict) -> list[ast.AST]:
    """The blocks and decorated functions in the frame's file that turn gradients off around its line."""
    tree = _parsed(frame["file"])
    return [node for node in ast.walk(tree) if _turns_grad_off(node)
            and node.lineno <= frame["line"] <= (node.end_lineno or 0)] if tree is not None else []


def _holding(cut: dict) -> tuple[str, ast.AST] | None:
    for frame in cut.get("stack") or [cut]:
        holding = _blocks(frame)
        if holding:
            return frame["file"], max(holding, key=lambda n: n.lineno)
    return None


def _turns_grad_off(node: ast.AST) -> bool:
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return any(_grad_off(item.context_expr) or _setting_switch(item.context_expr)
                   or isinstance(item.context_expr, ast.IfExp)
                   and (_grad_off(item.context_expr.body) or _grad_off(item.context_expr.orelse))
                   for item in node.items)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return any(_grad_off(d) for d in node.decorator_list)
    return False


def _grad_off(expr: ast.expr) -> bool:
    """`torch.no_grad()`, `torch.inference_mode()`, `torch.set_grad_enabled(False)`, bare or called."""
    call = expr if isinstance(expr, ast.Call) else None
    func = call.func if call else expr
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name == "set_grad_enabled":
        value = _switch_value(call) if call else None
        return isinstance(value, ast.Constant) and value.value is False
    return name in ("no_grad", "inference_mode")


def _setting_switch(expr: ast.expr) -> bool:
    """`torch.set_grad_enabled(<a value the program computes>)`: on or off as it says."""
    if not isinstance(expr, ast.Call) or isinstance(_switch_value(expr), (ast.Constant, type(None))):
        return False
    func = expr.func
    return (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) == "set_grad_enabled"


def _a_setting(test: ast.expr | None, function: ast.AST | None) -> bool:
    """A value the program holds as a setting: an attribute, a module constant, a config entry. Not a
    constant, not a training flag (`self.training`, `self.backbone.training`: always on in a training
    forward), not a phase compared by name (`mode == "train"`), not a call (`x.dim() == 4`), not an
    argument the function was handed (`if y is not None:`): those say what the data or the phase is."""
    if test is None or isinstance(test, ast.Constant):
        return False
    arguments = {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)} - {"self", "cls"} \
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) else set()
    for node in ast.walk(test):
        if isinstance(node, ast.Call) or isinstance(node, ast.Attribute) and node.attr == "training" \
                or isinstance(node, ast.Name) and node.id in arguments | {"training"} \
                or isinstance(node, ast.Constant) and isinstance(node.value, str) and PHASES.search(node.value):
            return False
    return True


def _switch_value(expr: ast.Call) -> ast.expr | None:
    """The value `set_grad_enabled` is given, by position or as `mode=`."""
    given = [*expr.args[:1], *(k.value for k in expr.keywords if k.arg == "mode")]
    return given[0] if given else None


def _function_of(tree: ast.Module, node: ast.AST) -> ast.AST:
    return min((f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                and f.lineno <= node.lineno <= (f.end_lineno or 0)), key=lambda f: f.end_lineno - f.lineno,
               default=tree)


def _calls(body: list[ast.stmt]) -> set[str]:
    """What the statements call, by the callee's spelling (`self.backbone`, `encoder`)."""
    return {ast.unparse(n.func) for stmt in body for n in ast.walk(stmt) if isinstance(n, ast.Call)}


def _contains(body: list[ast.stmt], node: ast.AST) -> bool:
    return any(stmt is node or any(inner is node for inner in ast.walk(stmt)) for stmt in body)


def _enclosing_ifs(function: ast.AST, node: ast.AST) -> list[ast.If]:
    """The `if` statements holding the node inside its function (_function_of), innermost first."""
    holding = [n for n in ast.walk(function) if isinstance(n, ast.If) and n is not node
               and (_contains(n.body, node) or _contains(n.orelse, node))]
    return sorted(holding, key=lambda n: -n.lineno)


def _parsed(file: str) -> ast.Module | None:
    """The file as it is now: a fix's verifying run ran the fixed text, under the same path."""
    try:
        return _parse(Path(file).read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return None  # a notebook cell's program, a file gone: the op's own line is said


@functools.lru_cache(maxsize=64)
def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None
