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
from pathlib import Path


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
    """The setting that chose the no_grad block holding this cut, as (file, line, code of the choice);
    None when the block is unconditional, a decorator, or not found."""
    found = _holding(cut) if cut.get("op") == "no_grad" else None
    if found is None or not isinstance(found[1], (ast.With, ast.AsyncWith)):
        return None
    file, node = found
    tree = _parsed(file)
    for item in node.items:
        expr = item.context_expr
        if isinstance(expr, ast.IfExp) and _grad_off(expr.body) != _grad_off(expr.orelse) and _a_setting(expr.test):
            return file, node.lineno, ast.unparse(expr.test)
        if _setting_switch(expr):
            return file, node.lineno, ast.unparse(expr)
    for branch in _enclosing_ifs(tree, node):
        this, other = (branch.body, branch.orelse) if _contains(branch.body, node) else (branch.orelse, branch.body)
        if other and _a_setting(branch.test) and _calls(node.body) & _calls(other):
            return file, branch.lineno, f"if {ast.unparse(branch.test)}:"
    return None


def _holding(cut: dict) -> tuple[str, ast.AST] | None:
    for frame in cut.get("stack") or [cut]:
        tree = _parsed(frame["file"])
        holding = [node for node in ast.walk(tree) if _turns_grad_off(node)
                   and node.lineno <= frame["line"] <= (node.end_lineno or 0)] if tree is not None else []
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
        return bool(call and call.args) and isinstance(call.args[0], ast.Constant) and call.args[0].value is False
    return name in ("no_grad", "inference_mode")


def _setting_switch(expr: ast.expr) -> bool:
    """`torch.set_grad_enabled(<a value the program computes>)`: on or off as it says."""
    if not isinstance(expr, ast.Call) or not expr.args or isinstance(expr.args[0], ast.Constant):
        return False
    func = expr.func
    return (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) == "set_grad_enabled"


def _a_setting(test: ast.expr) -> bool:
    """A condition the program computes, other than the module's own training flag, which is always
    on in a training forward (an `if self.training:` around no_grad cuts every training step)."""
    if isinstance(test, ast.Constant):
        return False
    names = [n for n in ast.walk(test) if isinstance(n, (ast.Name, ast.Attribute))]
    return not all(getattr(n, "attr", getattr(n, "id", "")) in ("training", "self") for n in names)


def _calls(body: list[ast.stmt]) -> set[str]:
    """What the statements call, by the callee's spelling (`self.backbone`, `encoder`)."""
    return {ast.unparse(n.func) for stmt in body for n in ast.walk(stmt) if isinstance(n, ast.Call)}


def _contains(body: list[ast.stmt], node: ast.AST) -> bool:
    return any(stmt is node or any(inner is node for inner in ast.walk(stmt)) for stmt in body)


def _enclosing_ifs(tree: ast.Module, node: ast.AST) -> list[ast.If]:
    """The `if` statements holding the node inside its function, innermost first."""
    function = min((f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and f.lineno <= node.lineno <= (f.end_lineno or 0)), key=lambda f: f.end_lineno - f.lineno,
                   default=tree)
    holding = [n for n in ast.walk(function) if isinstance(n, ast.If) and n is not node
               and (_contains(n.body, node) or _contains(n.orelse, node))]
    return sorted(holding, key=lambda n: -n.lineno)


@functools.lru_cache(maxsize=64)
def _parsed(file: str) -> ast.Module | None:
    try:
        return ast.parse(Path(file).read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        return None  # a notebook cell's program, a file gone: the op's own line is said
