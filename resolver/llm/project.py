"""The project as the model's context needs it: every file's top-level functions, classes and
methods by qualified name, and a name followed through the project's imports to the file that
defines it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.helpers import get_full_name_for_node

from resolver.fix.rules._source import Source, project_files
from resolver.write.edits import Workspace

MODULE_METHODS = ("__init__", "forward", "__call__", "__getitem__", "__len__")


@dataclass(frozen=True)
class Definition:
    file: Path
    qualname: str  # "run_batch", "Decoder.forward"
    start: int
    end: int
    is_class: bool


class _Collector(cst.CSTVisitor):
    """Definitions (functions, classes, methods) and imports of one file."""

    def __init__(self, source: Source):
        super().__init__()
        self.source, self.scope = source, []
        self.definitions: list[Definition] = []
        self.imports: dict[str, tuple[str, int, str | None]] = {}  # local name: (module, level, name)

    def _define(self, node, name: str, is_class: bool) -> None:
        where = self.source.positions[node]
        self.definitions.append(Definition(self.source.path, ".".join([*self.scope, name]), where.start.line,
                                           where.end.line, is_class))
        self.scope.append(name)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._define(node, node.name.value, True)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._define(node, node.name.value, False)

    def leave_ClassDef(self, node) -> None:
        self.scope.pop()

    def leave_FunctionDef(self, node) -> None:
        self.scope.pop()

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            module = get_full_name_for_node(alias.name)
            local = alias.asname.name.value if alias.asname else module.split(".")[0]
            self.imports[local] = (module if alias.asname else local, 0, None)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        module = get_full_name_for_node(node.module) if node.module else ""
        for alias in node.names:
            name = get_full_name_for_node(alias.name)
            local = alias.asname.name.value if alias.asname else name
            self.imports[local] = (module, len(node.relative), name)


@dataclass
class _File:
    source: Source
    definitions: list[Definition]
    imports: dict[str, tuple[str, int, str | None]]

    def find(self, qualname: str) -> Definition | None:
        return next((d for d in self.definitions if d.qualname == qualname), None)


@dataclass
class Project:
    """The project's Python files, parsed on demand."""

    workspace: Workspace
    roots: tuple[Path, ...]  # where absolute imports are looked up: the project, the script's folder
    _files: dict[Path, _File | None] = field(default_factory=dict)
    _all: list[Path] | None = None

    def files(self) -> list[Path]:
        """The project's .py files as the rules see them (the one walk, bounded); beyond them a
        project is read only through its imports."""
        if self._all is None:
            self._all = [p.resolve() for p in project_files(self.workspace)]
        return self._all

    def text(self, path: Path) -> str:
        """A file's proposed text; "" for one that cannot be read or decoded (never shown)."""
        try:
            return self.workspace.text(path)
        except (OSError, UnicodeDecodeError, SyntaxError):  # SyntaxError: a bad coding cookie
            return ""

    def file(self, path: Path) -> _File | None:
        path = path.resolve()
        if path not in self._files:
            source = Source.parse(self.workspace, path) if self.text(path) else None
            parsed = None
            if source is not None:
                collector = _Collector(source)
                source.wrapper.visit(collector)
                parsed = _File(source, collector.definitions, collector.imports)
            self._files[path] = parsed
        return self._files[path]

    def module_file(self, module: str, level: int, importer: Path) -> Path | None:
        """The project file an import names, if it is one of the project's."""
        parts = module.split(".") if module else []
        bases = [importer.parent.parents[level - 2] if level > 1 else importer.parent] if level else \
            [*self.roots, importer.parent]
        for base in bases:
            for candidate in (base.joinpath(*parts).with_suffix(".py") if parts else None,
                              base.joinpath(*parts, "__init__.py")):
                if candidate is not None and candidate.is_file() and self.workspace.is_editable(candidate):
                    return candidate.resolve()
        return None

    def lookup(self, name: str, path: Path, hops: int = 2) -> Definition | None:
        """What `name` means in file `path`: its own definition, or one imported from the project."""
        here = self.file(path)
        if here is None:
            return None
        found = here.find(name)
        if found is not None or name not in here.imports or hops == 0:
            return found
        module, level, imported = here.imports[name]
        if imported is None:
            return None
        target = self.module_file(module, level, path)
        if target is None:  # `from pkg import helpers`: a module, not a name in it
            return None
        return self.lookup(imported, target, hops - 1)

    def module_of(self, name: str, path: Path) -> Path | None:
        """The project file that `name` stands for in `path` (`import helpers as h`)."""
        here = self.file(path)
        if here is None or name not in here.imports:
            return None
        module, level, imported = here.imports[name]
        return self.module_file(".".join(filter(None, [module, imported])), level, path)

    def definitions_named(self, name: str, methods: bool = False) -> list[Definition]:
        """Definitions of `name` anywhere in the project; only files whose text defines it are parsed."""
        defines = re.compile(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b", re.MULTILINE)
        found = []
        for path in self.files():
            if not defines.search(self.text(path)):
                continue
            parsed = self.file(path)
            if parsed is not None:
                found += [d for d in parsed.definitions if d.qualname.split(".")[-1] == name
                          and (methods or "." not in d.qualname)]
        return found
