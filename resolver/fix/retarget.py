"""Rewrite an integer expression so it evaluates to a required value while keeping the author's
names: `32 * 5 * 5` -> `32 * 7 * 7`, `hidden` -> `hidden * 2`, `cfg.dim` -> `cfg.out_dim`.

Values of names come from the probe's record of the constructing frame (`Site.scope`)."""

from __future__ import annotations

import ast
import io
import operator
import tokenize
from dataclasses import dataclass

_OPERATORS = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
}
_LITERAL_SEARCH = range(1, 4097)
_FACTORS = range(2, 9)


@dataclass(frozen=True)
class Rewrite:
    code: str
    kept_names: bool  # False when only a literal could be written


def evaluate(code: str, scope: dict[str, int]) -> int | None:
    """The expression's integer value with names taken from `scope`; None if it can't be known."""
    try:
        return _value(ast.parse(code.strip(), mode="eval").body, scope)
    except (SyntaxError, ValueError, ZeroDivisionError, OverflowError, TypeError, RecursionError):
        return None


def _value(node: ast.AST, scope: dict[str, int]) -> int | None:
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
        return scope.get(ast.unparse(node).replace('"', "'"))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _value(node.operand, scope)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left, scope), _value(node.right, scope)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Div):
            return left // right if right and left % right == 0 else None
        op = _OPERATORS.get(type(node.op))
        if op is None or (isinstance(node.op, ast.Pow) and abs(right) > 64):
            return None
        return op(left, right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int" and len(node.args) == 1:
        return _value(node.args[0], scope)
    return None


def _number_tokens(code: str) -> list[tuple[int, int, int]]:
    """(start offset, end offset, value) of each integer literal in the code."""
    line_starts = [0]
    for line in code.splitlines(True):
        line_starts.append(line_starts[-1] + len(line))
    found = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type == tokenize.NUMBER and tok.string.isdigit():
                start = line_starts[tok.start[0] - 1] + tok.start[1]
                end = line_starts[tok.end[0] - 1] + tok.end[1]
                found.append((start, end, int(tok.string)))
    except (tokenize.TokenError, IndentationError):
        return []
    return found


def _replace_literals(code: str, spans: list[tuple[int, int, int]], value: int) -> str:
    for start, end, _ in sorted(spans, reverse=True):
        code = code[:start] + str(value) + code[end:]
        if value in (0, 1):
            code = _without_identity(code, start, start + 1, value)
    return code


def _without_identity(code: str, start: int, end: int, value: int) -> str:
    """`x // 1` -> `x`, `1 * x` -> `x`, `n - 0` -> `n`: an identity operand is dropped, not written."""
    before, after = code[:start].rstrip(), code[end:].lstrip()
    ops = ("//", "*", "/") if value == 1 else ("+", "-")
    for op in ops:
        if before.endswith(op) and not before.endswith("**"):
            return before[: -len(op)].rstrip() + code[end:]
    if value == 1 and after.startswith("*") and not after.startswith("**"):
        return code[:start] + after[1:].lstrip()
    if value == 0 and after.startswith("+"):
        return code[:start] + after[1:].lstrip()
    return code


def _is_name(code: str) -> bool:
    try:
        node = ast.parse(code.strip(), mode="eval").body
    except SyntaxError:
        return False
    return isinstance(node, (ast.Name, ast.Attribute, ast.Subscript))


def has_names(code: str) -> bool:
    try:
        tree = ast.parse(code.strip(), mode="eval")
    except SyntaxError:
        return True
    return any(isinstance(n, ast.Name) for n in ast.walk(tree))


def _name_operands(code: str) -> list[str]:
    """The names (and attributes) that are direct operands of the expression's operators."""
    try:
        tree = ast.parse(code.strip(), mode="eval").body
    except SyntaxError:
        return []
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp):
            stack += [node.right, node.left]
        elif isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) and node is not tree:
            found.append(ast.get_source_segment(code.strip(), node))
    return [f for f in found if f]


def rewrites(code: str, scope: dict[str, int], target: int, related: bool = True) -> list[Rewrite]:
    """Expressions equal to `target`, most intent-preserving first; the literal comes last.

    Order: a literal that repeats, changed everywhere at once (`C * H * W` with H == W is a
    spatial size that is wrong as a whole); one literal changed; one name of the expression alone
    (`d_model * max_len` -> `d_model`); a bare name doubled or halved
    (bidirectional outputs, concatenations); the name swapped for the one other name in scope
    that holds the value; the name scaled by another small factor, or plus a half or a quarter of
    itself (a concatenated skip), or off by one or two; last, the literal itself."""
    found: list[Rewrite] = []

    def offer(candidate: str) -> bool:
        if candidate != code and evaluate(candidate, scope) == target and all(c.code != candidate for c in found):
            found.append(Rewrite(candidate, True))
            return True
        return False

    if evaluate(code, scope) is not None:
        numbers = _number_tokens(code)
        groups: dict[int, list] = {}
        for span in numbers:
            groups.setdefault(span[2], []).append(span)
        for spans in (g for g in groups.values() if len(g) > 1):
            any(offer(_replace_literals(code, spans, v)) for v in _LITERAL_SEARCH)
        if len(numbers) > 1 or has_names(code):
            for span in numbers:
                any(offer(_replace_literals(code, [span], v)) for v in _LITERAL_SEARCH)
        for part in _name_operands(code):  # `d_model * max_len` -> `d_model`
            offer(part)
        if _is_name(code):
            name = code.strip()
            if related:
                offer(f"{name} * 2") or offer(f"{name} // 2")
            prefix = name.rsplit(".", 1)[0] + "." if "." in name else ""
            holders = [n for n, v in scope.items() if v == target and n != name]
            alike = [n for n in holders if prefix and n.startswith(prefix)]
            if len(holders) == 1 or len(alike) == 1:
                offer((alike or holders)[0])
            for factor in _FACTORS if related else ():
                offer(f"{name} * {factor}") or offer(f"{name} // {factor}")
            for part in (2, 4) if related else ():  # a concatenated skip of a fraction of the width (a U-Net's decoder)
                offer(f"{name} + {name} // {part}")
            for offset in (1, 2) if related else ():  # an off-by-one: a padding index, a start token
                offer(f"{name} + {offset}") or offer(f"{name} - {offset}")
    found.append(Rewrite(str(target), not has_names(code)))
    return found
