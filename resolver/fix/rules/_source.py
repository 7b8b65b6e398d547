"""The one source layer every rule uses: a file parsed once (per text) with positions, parents
and qualified names, and the helpers rules share. Torch names are matched by qualified name, so
`import torch.nn as nn`, `from torch import nn`, `from torch.nn import functional as F` and
`nn = torch.nn` all name the same things. Edits keep every other byte of the file."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Callable, Iterator

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor
from libcst.metadata import (
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
)

from resolver.diagnose.diagnosis import Diagnosis, Frame, Site
from resolver.write.edits import Change, Edit, Workspace

NO_GRAD = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad",
                     "torch.autograd.grad_mode.no_grad", "torch.autograd.grad_mode.inference_mode"})
LOOPS = (cst.For, cst.While)
MAX_FILES = 400  # the project's files a rule (or the model's context) looks through: a bound on the cost
# folders of tools, environments and build output, never the project's own code (also hidden ones, and *venv*)
SKIPPED_DIRS = frozenset({"site-packages", "dist-packages", "node_modules", "__pycache__", "build", "dist", "env"})


@dataclass(eq=False)
class Source:
    """One file's text, parsed once."""

    path: Path
    text: str
    wrapper: MetadataWrapper

    @classmethod
    def parse(cls, workspace: Workspace, path: Path) -> Source | None:
        if not workspace.is_editable(path) or not path.exists():
            return None
        return parsed(path.resolve(), workspace.text(path))

    @property
    def module(self) -> cst.Module:
        return self.wrapper.module

    @cached_property
    def positions(self):
        return self.wrapper.resolve(PositionProvider)

    @cached_property
    def parents(self):
        return self.wrapper.resolve(ParentNodeProvider)

    @cached_property
    def _qualified(self):
        return self.wrapper.resolve(QualifiedNameProvider)

    @cached_property
    def _aliases(self) -> dict[str, str]:
        """Module-level `nn = torch.nn`: local name -> the qualified name it stands for."""
        aliases: dict[str, str] = {}
        for statement in self.module.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name)
                        and isinstance(small.value, (cst.Name, cst.Attribute))):
                    names = _resolve(self._raw_names(small.value), aliases)
                    if len(names) == 1:
                        aliases[small.targets[0].target.value] = next(iter(names))
        return aliases

    def _raw_names(self, node: cst.CSTNode) -> set[str]:
        found = self._qualified.get(node, ())
        names = {q.name for q in (found() if callable(found) else found)}  # libcst may hand a lazy value
        if not names and isinstance(node, (cst.Name, cst.Attribute)):
            names = {self.module.code_for_node(node)}  # libcst leaves some names unnamed
        return names

    def qualified_names(self, node: cst.CSTNode) -> frozenset[str]:
        """What an expression names, through imports and module-level aliases."""
        return _resolve(self._raw_names(node), self._aliases)

    def calls(self, call: cst.CSTNode, qualified: set[str] | frozenset[str]) -> bool:
        return isinstance(call, cst.Call) and bool(self.qualified_names(call.func) & qualified)

    def line_of(self, node: cst.CSTNode) -> int:
        return self.positions[node].start.line

    def code(self, node: cst.CSTNode) -> str:
        """The node's code on one line, for a report."""
        return " ".join(self.module.code_for_node(node).split())

    def nodes(self, kind: type | tuple, where: Callable[[cst.CSTNode], bool] = lambda n: True) -> list:
        return [n for n in self.positions if isinstance(n, kind) and where(n)]

    def on_line(self, kind: type, line: int) -> list:
        """Nodes of `kind` inside the statement that holds `line`, outermost first."""
        statement = self.statement_at(line)
        if statement is None:
            return []
        span = self.positions[statement]
        found = [n for n, p in self.positions.items() if isinstance(n, kind)
                 and span.start.line <= p.start.line and p.end.line <= span.end.line]
        return sorted(found, key=lambda n: (self.positions[n].start.line, self.positions[n].start.column))

    def call_at(self, site: Site) -> cst.Call | None:
        """The one call expression that starts where the probe saw something being constructed.
        Python reports columns in UTF-8 bytes, libcst in characters; without a column, two calls
        on one line are ambiguous: None."""
        column = site_column(self.text, site)
        if column == -1:
            return None
        found = [n for n, p in self.positions.items() if isinstance(n, cst.Call) and p.start.line == site.line
                 and (column is None or p.start.column == column)]
        return found[0] if len(found) == 1 else None

    def statement_at(self, line: int) -> cst.CSTNode | None:
        """The innermost simple statement (or compound statement header) covering `line`."""
        best = None
        for node, where in self.positions.items():
            if isinstance(node, (cst.SimpleStatementLine, cst.BaseCompoundStatement)) \
                    and where.start.line <= line <= where.end.line:
                if isinstance(node, cst.BaseCompoundStatement) and line > where.start.line:
                    continue  # the line is in its body: a deeper statement covers it
                if best is None or where.start.line >= self.positions[best].start.line:
                    best = node
        return best

    def enclosing(self, node: cst.CSTNode, kind: type | tuple) -> cst.CSTNode | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, kind):
                return node
        return None

    def function_of(self, node: cst.CSTNode) -> cst.FunctionDef | None:
        return self.enclosing(node, cst.FunctionDef)

    def loop_of(self, node: cst.CSTNode) -> cst.For | cst.While | None:
        return self.enclosing(node, LOOPS)

    def in_no_grad(self, node: cst.CSTNode) -> cst.With | None:
        """The innermost `with torch.no_grad():` (or inference_mode) block around the node."""
        block = self.enclosing(node, cst.With)
        while block is not None and not any(self.disables_grad(i.item) for i in block.items):
            block = self.enclosing(block, cst.With)
        return block

    def in_no_grad_function(self, node: cst.CSTNode) -> bool:
        """Whether the function the node is in is itself decorated `@torch.no_grad()` (or `@torch.no_grad`,
        inference_mode). Not a function around that one: a function defined there (a closure, a hook)
        may be called after the decorated one has returned, with gradients on."""
        function = self.function_of(node)
        return function is not None and self.no_grad_decorator(function) is not None

    def no_grad_decorator(self, function: cst.FunctionDef) -> cst.Decorator | None:
        """The function's own `@torch.no_grad()` / `@torch.no_grad` / `@torch.inference_mode()`."""
        for decorator in function.decorators:
            if self.disables_grad(decorator.decorator) or not isinstance(decorator.decorator, cst.Call) \
                    and self.qualified_names(decorator.decorator) & NO_GRAD:
                return decorator
        return None

    def disables_grad(self, expression: cst.BaseExpression) -> bool:
        """`torch.no_grad()`, `torch.inference_mode()`: a call that turns gradients off; not
        `torch.inference_mode(False)` (or `mode=False`), which leaves them on."""
        if not self.calls(expression, NO_GRAD):
            return False
        mode = argument(expression, 0, "mode")
        return mode is None or not (isinstance(mode.value, cst.Name) and mode.value.value == "False")

    def holds_no_grad(self, node: cst.CSTNode) -> bool:
        """Whether a no_grad block is inside the node."""
        return any(self.disables_grad(i.item) for w in self.nodes(cst.With, lambda w: self.within(w, node))
                   for i in w.items)

    def is_attribute_name(self, name: cst.CSTNode) -> bool:
        """`attr` of `obj.attr`: a name that reads no local of that name."""
        parent = self.parents.get(name)
        return isinstance(parent, cst.Attribute) and parent.attr is name

    def within(self, inner: cst.CSTNode, outer: cst.CSTNode) -> bool:
        """`inner` is inside `outer` (not `outer` itself)."""
        while inner in self.parents:
            inner = self.parents[inner]
            if inner is outer:
                return True
        return False

    @cached_property
    def torch_binding(self) -> str | None:
        """The name this file binds to the torch module at top level (`torch`, an alias), if any."""
        for statement in self.module.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Import):
                    for alias in small.names:
                        name = self.module.code_for_node(alias.name)
                        if name == "torch" and alias.asname:
                            return alias.asname.name.value
                        if name == "torch" or name.startswith("torch.") and not alias.asname:
                            return "torch"
        return None

    @property
    def torch(self) -> str:
        """How new code spells torch here; `edit(..., uses_torch=True)` adds `import torch` when unbound."""
        return self.torch_binding or "torch"

    def no_grad_block(self, statements: list[cst.BaseStatement]) -> cst.With:
        """`with torch.no_grad():` around the statements, keeping the first one's leading lines."""
        first, *rest = statements
        return cst.With(items=[cst.WithItem(cst.parse_expression(f"{self.torch}.no_grad()"))],
                        body=cst.IndentedBlock(body=[first.with_changes(leading_lines=()), *rest]),
                        leading_lines=first.leading_lines)

    def replaced(self, old: cst.CSTNode, new: cst.CSTNode | cst.FlattenSentinel | cst.RemovalSentinel) -> str:
        return self.module.deep_replace(old, new).code

    @property
    def quote(self) -> str:
        """The quote the file writes its strings with more often: a new string literal is spelled alike."""
        return "'" if self.text.count("'") > self.text.count('"') else '"'

    def edit(self, new_text: str, line: int, reason: str, uses_torch: bool = False) -> Edit:
        if uses_torch and self.torch_binding is None:
            imported = _with_torch_import(new_text)
            new_text, line = imported, line + imported.count("\n") - new_text.count("\n")
        return Edit((Change(self.path, self.text, new_text),), line, reason)


def _resolve(names: set[str], aliases: dict[str, str]) -> frozenset[str]:
    resolved = set()
    for name in names:
        head, _, rest = name.partition(".")
        resolved.add(aliases[head] + (f".{rest}" if rest else "") if head in aliases else name)
    return frozenset(resolved)


@lru_cache(maxsize=MAX_FILES)  # a rule pass walks the project several times: each file parsed once
def parsed(path: Path, text: str) -> Source | None:
    """The file's text parsed, cached by path and text (the rule pass and the background preparation share it)."""
    try:
        return Source(path, text, MetadataWrapper(cst.parse_module(text)))
    except cst.ParserSyntaxError:
        return None


def _with_torch_import(text: str) -> str:
    """`import torch` after the file's leading docstring, `__future__` imports and other imports."""
    context = CodemodContext()
    AddImportsVisitor.add_needed_import(context, "torch")
    return AddImportsVisitor(context).transform_module(cst.parse_module(text)).code


def site_column(text: str, site: Site) -> int | None:
    """The site's column in characters (Python records UTF-8 bytes); None when unknown (Python
    3.10), -1 when the line is not in the text."""
    if site.col is None:
        return None
    lines = text.splitlines()
    if site.line > len(lines):
        return -1
    return len(lines[site.line - 1].encode("utf-8")[: site.col].decode("utf-8", errors="ignore"))


def project_files(workspace: Workspace, suffixes: tuple[str, ...] = (".py",)) -> list[Path]:
    """The project's files with these suffixes, nearest its folder first, at most MAX_FILES (a
    project that is a home directory is not walked to the end): the one walk every rule, and the
    model's context, takes."""
    found: list[Path] = []
    level = [workspace.project]
    while level and len(found) < MAX_FILES:
        files, folders = [], []
        for folder in level:
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if not (entry.name.startswith(".") or entry.name in SKIPPED_DIRS or "venv" in entry.name):
                        folders.append(Path(entry.path))
                elif entry.name.endswith(suffixes) and entry.is_file():
                    files.append(Path(entry.path))
        found += [p for p in sorted(files, key=str) if p.resolve().is_relative_to(workspace.project.resolve())]
        level = sorted(folders, key=str)
    return found[:MAX_FILES]


def project_sources(workspace: Workspace) -> list[Source]:
    """The project's Python files, parsed (those that parse), nearest first."""
    return [s for p in project_files(workspace) if (s := Source.parse(workspace, p)) is not None]


def user_frames(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[tuple[Frame, Source]]:
    """The user's frames the project may edit, innermost first, each with its parsed file."""
    for frame in reversed(diagnosis.frames):
        if frame.user:
            source = Source.parse(workspace, frame.file)
            if source is not None:
                yield frame, source


def keyword_given(call: cst.Call, keyword: str) -> cst.Arg | None:
    """The argument given by name as `keyword=...`."""
    return next((a for a in call.args if a.keyword is not None and a.keyword.value == keyword), None)


def argument(call: cst.Call, index: int, keyword: str) -> cst.Arg | None:
    """The argument bound to parameter `keyword`, given positionally at `index` or by name."""
    if (named := keyword_given(call, keyword)) is not None:
        return named
    if any(a.star for a in call.args[: index + 1]):
        return None  # *args in front: which value lands at `index` is not visible in the text
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[index] if index < len(positional) else None


def method_call(node: cst.CSTNode, *names: str) -> bool:
    """`x.name(...)` for one of the names."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in names


def inplace_call(node: cst.CSTNode) -> bool:
    """`x.add_(...)`: a method whose trailing underscore marks an in-place tensor op."""
    return (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and node.func.attr.value.endswith("_") and not node.func.attr.value.startswith("_"))


def is_docstring(statement: cst.CSTNode) -> bool:
    """A body's first statement that is a string literal alone (also implicitly concatenated)."""
    return (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1
            and isinstance(statement.body[0], cst.Expr)
            and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))


def names_in(node: cst.CSTNode, chains: bool = False) -> list[str]:
    """Every bare name in the expression, in order; with `chains`, each attribute chain it reads
    too (`self.scheduler is not None` -> self.scheduler, self, scheduler, None)."""
    found = []

    class Names(cst.CSTVisitor):
        def visit_Name(self, name):
            found.append(name.value)

        def visit_Attribute(self, attribute):
            if chains:
                found.append(" ".join(cst.Module([]).code_for_node(attribute).split()))

    node.visit(Names())
    return found


def wrap(expression: str, suffix: str) -> cst.BaseExpression:
    """`expr` + `.suffix`, parenthesized when needed (`a + b` -> `(a + b).float()`)."""
    node = cst.parse_expression(expression)
    simple = isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
    return cst.parse_expression(f"{expression if simple else f'({expression})'}{suffix}")


def keyword_arg(name: str, value: str) -> cst.Arg:
    """`name=value`, spelled the way PEP 8 spells keyword arguments."""
    no_space = cst.SimpleWhitespace("")
    return cst.Arg(cst.parse_expression(value), keyword=cst.Name(name),
                   equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space))
