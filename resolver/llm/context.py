"""What the model is shown of the project: the code on the path to the failing tensor, found
from what the probe knows and followed through the project's imports with libcst, most
relevant first, within a token budget.

Ranks (lower goes first): 0 the innermost frame's function; 1 what the failing statement and
the statements feeding it call, the failing module's class, functions the error names, the
Dataset and collate_fn when a batch is involved; 2 the other frames, the other modules of the
chain, where the failing module was built; 3 each shown file's imports; 4 the loader's data
when no batch is involved; 5 the rest of a short failing file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import libcst as cst
from libcst.helpers import get_full_name_for_node

from resolver.diagnose.diagnosis import Diagnosis, Site
from resolver.fix.rules._source import Source, names_in
from resolver.llm import needs
from resolver.llm.project import MODULE_METHODS, Definition, Project
from resolver.write.edits import Workspace, display_path

LONG_FUNCTION = 60  # lines: a longer function is shown around the line that matters
LONG_LITERAL = 300  # characters: a longer literal is shown as its shape
SHORT_FILE = 200  # lines: a failing file this short is shown whole when the budget allows


@dataclass
class Piece:
    """Lines of one file to show, and how much they matter."""

    file: Path
    start: int
    end: int
    rank: int


class _Context:
    def __init__(self, error: Diagnosis, workspace: Workspace, roots: tuple[Path, ...]):
        self.error, self.project = error, Project(workspace, roots)
        self.pieces: list[Piece] = []

    def add(self, definition: Definition | None, rank: int, around: int | None = None) -> None:
        if definition is None:
            return
        if definition.is_class:
            self.pieces.append(Piece(definition.file, definition.start, definition.start, rank))
            parsed = self.project.file(definition.file)
            for method in MODULE_METHODS:
                self.add(parsed.find(f"{definition.qualname}.{method}"), rank)
            return
        start, end = definition.start, definition.end
        if end - start > LONG_FUNCTION:
            self.pieces.append(Piece(definition.file, start, start, rank))  # the signature
            start, end = (max(start, around - LONG_FUNCTION + 10), min(end, around + 10)) if around else \
                (start, start + LONG_FUNCTION)
        self.pieces.append(Piece(definition.file, start, end, rank))

    def whole(self, definition: Definition, rank: int) -> None:
        """A class or function in full; its signature and usual methods too, for when it does not fit."""
        self.pieces.append(Piece(definition.file, definition.start, definition.end, rank))
        self.add(definition, rank)

    def callees_in(self, path: Path, function: Definition, rank: int) -> None:
        """The project functions and classes a function's body calls."""
        source = self.project.file(path).source
        for call in source.nodes(cst.Call, lambda n: function.start <= source.line_of(n) <= function.end):
            self.add(self.callee(call.func, path, function, source.line_of(call)), rank)

    def enclosing(self, path: Path, line: int) -> Definition | None:
        parsed = self.project.file(path)
        inside = [d for d in parsed.definitions if d.start <= line <= d.end and not d.is_class] if parsed else []
        return max(inside, key=lambda d: d.start, default=None)

    def statement_window(self, path: Path, line: int, rank: int) -> None:
        """Module-level code: the top-level statement around the line, or lines near it."""
        parsed = self.project.file(path)
        if parsed is None:
            return
        positions = parsed.source.positions
        for statement in parsed.source.module.body:
            where = positions[statement]
            if where.start.line <= line <= where.end.line:
                start, end = (where.start.line, where.end.line) if where.end.line - where.start.line <= LONG_FUNCTION \
                    else (max(where.start.line, line - 30), line + 10)
                self.pieces.append(Piece(path, start, end, rank))
                return

    def from_frames(self, frames: list) -> bool:
        """Every user frame's function (the innermost first) and what the failing statement uses;
        whether that statement uses a batch."""
        batch = False
        for depth, frame in enumerate(reversed(frames)):
            rank = 0 if depth == 0 else 2
            function = self.enclosing(frame.file, frame.line)
            if function is not None:
                self.add(function, rank, around=frame.line)
            else:
                self.statement_window(frame.file, frame.line, rank)
            if depth == 0:
                batch = self.callees(frame.file, frame.line, 1)
        origin = self.error.forward_origin
        if origin is not None and self.project.file(origin.file) is not None:
            self.add(self.enclosing(origin.file, origin.line), 1, around=origin.line)
        return batch

    def from_modules(self) -> None:
        """Each module of the failing chain: its class's __init__ and forward when the class is
        the project's (the innermost such first), and the code that built it."""
        innermost = True
        for depth, module in enumerate(reversed(self.error.modules)):
            for cls in self.project.definitions_named(module.class_name):
                if cls.is_class:
                    self.add(cls, 1 if innermost else 2)
                    innermost = False
            site = module.site
            if site is not None and self.project.file(site.file) is not None:
                function = self.enclosing(site.file, site.line)
                if function is not None:
                    self.add(function, 2 if depth else 1, around=site.line)
                else:
                    self.statement_window(site.file, site.line, 2 if depth else 1)

    def imports_of_shown_files(self) -> None:
        for path in {p.file for p in self.pieces}:
            source = self.project.file(path).source
            imports = [s for s in source.module.body if isinstance(s, cst.SimpleStatementLine)
                       and isinstance(s.body[0], (cst.Import, cst.ImportFrom))]
            if imports:
                first = source.positions[imports[0]].start.line
                self.pieces.append(Piece(path, first, min(source.positions[imports[-1]].end.line, first + 15), 3))

    # --- what the failing statement uses ------------------------------------------------------

    def callees(self, path: Path, line: int, rank: int) -> bool:
        """Add what the statement at `line` and the statements feeding it call; whether it uses a
        batch (a name bound by a `for` over something)."""
        parsed = self.project.file(path)
        if parsed is None:
            return False
        source = parsed.source
        statement = source.statement_at(line)
        if statement is None:
            return False
        scope = self.enclosing(path, line)
        statements = [statement, *self.feeding(source, statement, scope)]
        batch = False
        for node in statements:
            where = source.positions[node]
            self.pieces.append(Piece(path, where.start.line, where.end.line, rank))
            for call in _nodes(node, cst.Call):
                self.add(self.callee(call.func, path, scope, where.start.line), rank)
            batch = batch or self.uses_loop_target(source, statement, node)
        return batch

    def feeding(self, source: Source, statement, scope: Definition | None, most: int = 6) -> list:
        """The statement just before, and the statements whose results flow into this one: the
        nearest earlier assignment of each name it uses, and of the names those use, in turn."""
        positions = source.positions
        low = scope.start if scope else 1
        earlier = sorted((s for s in source.nodes(cst.SimpleStatementLine)
                          if low <= positions[s].start.line < positions[statement].start.line
                          and (scope or source.enclosing(s, cst.FunctionDef) is None)),
                         key=lambda s: positions[s].start.line)
        found, pending = earlier[-1:], [statement, *earlier[-1:]]
        while pending and len(found) < most:
            current = pending.pop(0)
            before = [s for s in earlier if positions[s].start.line < positions[current].start.line]
            for name in sorted(set(names_in(current))):
                assigning = [s for s in before if name in _assigned(s)]
                if assigning and assigning[-1] not in found:
                    found.append(assigning[-1])
                    pending.append(assigning[-1])
        return found[:most]

    def uses_loop_target(self, source: Source, statement, node) -> bool:
        used = set(names_in(node))
        loop = source.enclosing(statement, cst.For)
        while loop is not None:
            if used & set(names_in(loop.target)):
                return True
            loop = source.enclosing(loop, cst.For)
        return False

    def callee(self, func: cst.BaseExpression, path: Path, scope: Definition | None, line: int,
               hops: int = 3) -> Definition | None:
        """The project function, method or class a call expression reaches."""
        project = self.project
        if hops == 0:
            return None
        if isinstance(func, cst.Name):
            found = project.lookup(func.value, path)
            if found is None:  # an instance: `criterion = FocalLoss(...)`, then `criterion(out, y)`
                made = self.assigned_call(path, func.value, line)
                found = self.callee(made[1], path, scope, made[0], hops - 1) if made else None
            return found
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return None
        owner, attribute = func.value.value, func.attr.value
        if owner == "self" and scope is not None and "." in scope.qualname:
            cls = scope.qualname.rsplit(".", 1)[0]
            parsed = project.file(path)
            found = parsed.find(f"{cls}.{attribute}")
            if found is None:  # `self.head(x)` where `self.head = Head(...)`
                made = self.assigned_call(path, f"self.{attribute}", None)
                found = self.callee(made[1], path, None, made[0], hops - 1) if made else None
            return found
        module = project.module_of(owner, path)
        if module is not None:
            return project.lookup(attribute, module)
        cls = project.lookup(owner, path)
        if cls is not None and cls.is_class:
            return project.file(cls.file).find(f"{cls.qualname}.{attribute}")
        methods = project.definitions_named(attribute, methods=True)
        return methods[0] if len(methods) == 1 and "." in methods[0].qualname else None

    def assigned_call(self, path: Path, name: str, line: int | None) -> tuple[int, cst.BaseExpression] | None:
        """(line, callee) of the call whose result was last assigned to `name` before `line`
        (anywhere in the file when None: an attribute set in another method)."""
        source = self.project.file(path).source
        positions = source.positions
        found = [(positions[a].start.line, a.value.func) for a in source.nodes(cst.Assign)
                 if isinstance(a.value, cst.Call) and name in _targets(a)
                 and (line is None or positions[a].start.line < line)]
        return max(found, key=lambda f: f[0]) if found else None

    # --- data --------------------------------------------------------------------------------

    def loader_parts(self, site: Site | None, rank: int) -> None:
        """The DataLoader call, its Dataset class and its collate_fn."""
        if site is None or self.project.file(site.file) is None:
            return
        source = self.project.file(site.file).source
        call = source.call_at(site)
        if call is None:
            return
        statement = source.statement_at(site.line)
        where = source.positions[statement]
        self.pieces.append(Piece(site.file.resolve(), where.start.line, where.end.line, rank))
        for index, arg in enumerate(call.args):
            keyword = arg.keyword.value if arg.keyword else None
            if keyword in ("dataset", "collate_fn", "batch_sampler", "sampler") or (keyword is None and index == 0):
                value = arg.value.func if isinstance(arg.value, cst.Call) else arg.value
                self.add(self.callee(value, site.file, self.enclosing(site.file, site.line), site.line), rank)


def _nodes(root: cst.CSTNode, kind: type) -> list:
    found = []

    class Visitor(cst.CSTVisitor):
        def on_visit(self, node):
            if isinstance(node, kind):
                found.append(node)
            return True

    root.visit(Visitor())
    return found


def _targets(assign: cst.Assign) -> set[str]:
    return {get_full_name_for_node(t.target) or "" for t in assign.targets}


def _assigned(statement: cst.SimpleStatementLine) -> set[str]:
    names = set()
    for small in statement.body:
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
            [small.target] if isinstance(small, (cst.AnnAssign, cst.AugAssign)) else []
        for target in targets:
            names |= set(names_in(target))
    return names


# --- rendering ------------------------------------------------------------------------------

def _literal_cuts(source: Source) -> list[tuple[int, int, int, int, str]]:
    """(start line, start col, end line, end col, shape) of each long literal in the file."""
    kinds = (cst.List, cst.Tuple, cst.Set, cst.Dict, cst.SimpleString, cst.ConcatenatedString)
    cuts = []
    for node, where in source.positions.items():
        if isinstance(node, kinds) and len(code := source.module.code_for_node(node)) > LONG_LITERAL:
            if not any(c[0] <= where.start.line and where.end.line <= c[2] for c in cuts):
                brackets = "[]" if isinstance(node, cst.List) else "()" if isinstance(node, cst.Tuple) else \
                    "{}" if isinstance(node, (cst.Set, cst.Dict)) else '""'
                cuts.append((where.start.line, where.start.column, where.end.line, where.end.column,
                             f"{brackets[0]}...{brackets[1]}  # literal cut: {_shape(node)}, {len(code):,} characters"))
    return cuts


def _shape(node: cst.CSTNode) -> str:
    """`2 x 4000 elements` for a list of two lists of 4000 numbers."""
    if isinstance(node, (cst.List, cst.Tuple, cst.Set, cst.Dict)):
        items = node.elements
        inner = items[0].value if items and isinstance(items[0], cst.Element) else None
        nested = isinstance(inner, (cst.List, cst.Tuple))
        return f"{len(items)} x {_shape(inner)}" if nested else f"{len(items)} elements"
    return "a string"


def _render(source: Source, start: int, end: int, cuts: list) -> str:
    lines = source.text.splitlines()[start - 1:end]
    for c_start, c_col, c_end, c_end_col, shape in sorted(cuts, reverse=True):
        if start <= c_start and c_end <= end:
            first, last = c_start - start, c_end - start
            after = "" if c_end_col >= len(lines[last]) else "  " + lines[last][c_end_col:].strip()
            lines[first:last + 1] = [lines[first][:c_col] + shape + after]
    return "\n".join(lines)


def build(error: Diagnosis, workspace: Workspace, cwd: Path, roots: tuple[Path, ...], budget: int,
          estimate) -> tuple[str, str]:
    """(the source to show, the list of files shown and not shown), the source within `budget`
    tokens as counted by `estimate`."""
    context = _Context(error, workspace, roots)
    frames = [f for f in error.frames if f.user and context.project.file(f.file) is not None]
    configs = needs.configs(error, workspace, cwd)  # what the message family says the request must carry
    budget -= estimate(configs)
    needs.add_code(context, error)
    batch = context.from_frames(frames)
    context.from_modules()
    for name in dict.fromkeys(re.findall(r"\b[A-Za-z_]\w{2,}\b", error.message)):
        if not name.startswith("__"):  # `build_dataloaders.<locals>.<lambda>`
            for found in context.project.definitions_named(name):
                context.add(found, 1)
    if error.loader is not None:
        from_loader = any("torch/utils/data" in str(f.file) for f in error.frames)
        context.loader_parts(error.loader.site, 1 if from_loader or batch else 4)
    for frame in reversed(frames):  # what budget is left: the failing files whole, when they are short
        lines = len(context.project.file(frame.file).source.text.splitlines())
        if lines <= SHORT_FILE:
            context.pieces.append(Piece(frame.file.resolve(), 1, lines, 5))
    context.imports_of_shown_files()
    source, shown = _fit(context, cwd, budget, estimate)
    return (f"{source}\n\n{configs}" if configs else source), shown


def _fit(context: _Context, cwd: Path, budget: int, estimate) -> tuple[str, str]:
    """The pieces, most relevant first, while they fit; then rendered file by file."""
    project = context.project
    files_line_cost = estimate(_files(project, [], cwd))
    cuts = {path: _literal_cuts(project.file(path).source) for path in {p.file for p in context.pieces}}
    chosen: dict[Path, list[tuple[int, int]]] = {}
    used = files_line_cost
    for piece in sorted(context.pieces, key=lambda p: p.rank):  # stable: discovery order within a rank
        spans = chosen.get(piece.file, [])
        if all(any(s <= n <= e for s, e in spans) for n in range(piece.start, piece.end + 1)):
            continue
        cost = estimate(_render(project.file(piece.file).source, piece.start, piece.end, cuts[piece.file])) + 15
        if used + cost > budget:
            continue
        used += cost
        chosen.setdefault(piece.file, []).append((piece.start, piece.end))
    order = list(dict.fromkeys(p.file for p in sorted(context.pieces, key=lambda p: p.rank) if p.file in chosen))
    parts = []
    for path in order:
        source = project.file(path).source
        for start, end in _merged(chosen[path]):
            end = min(end, len(source.text.splitlines()))
            parts.append(f"{display_path(path, cwd)} (lines {start}-{end}):\n```python\n"
                         f"{_render(source, start, end, cuts[path])}\n```")
    return "\n\n".join(parts) or "(the source could not be read)", _files(project, order, cwd)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + 3:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _files(project: Project, shown: list[Path], cwd: Path, most: int = 40) -> str:
    """The files shown, and one line for each one that is not."""
    lines = [f"Shown above: {', '.join(display_path(p, cwd) for p in shown) or 'none'}."]
    others = [p for p in project.files() if p not in shown]
    for path in others[:most]:
        text = project.text(path)
        names = list(dict.fromkeys(re.findall(r"^(?:def|class) (\w+)", text, re.MULTILINE)))
        lines.append(f"- {display_path(path, cwd)}: {text.count(chr(10))} lines, not shown"
                     + (f"; defines {', '.join(names[:6])}" + (", ..." if len(names) > 6 else "") if names else ""))
    if len(others) > most:
        lines.append(f"- and {len(others) - most} more files")
    return "\n".join(lines)
