"""Project-wide lookups for rules whose root cause is not on a traceback line: the class a message
names, every nn.Module subclass, how a file spells torch.nn."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._source import Source, project_files, project_sources
from resolver.write.edits import Change, Edit, Workspace

CONFIG_SUFFIXES = (".json", ".yaml", ".yml", ".toml", ".cfg", ".ini")
LOW_DTYPES = {"torch.bfloat16", "torch.float16", "torch.half"}
CONFIGS = (".yaml", ".yml", ".toml", ".cfg", ".ini")  # not .json: tool outputs name dtypes too
LOW_NAMED = re.compile(r"\b(bfloat16|float16|bf16|fp16)\b|\.half\(\)")
AUTOCAST_LINE = re.compile(r"(?i)autocast|\bamp\b|amp_|_amp|mixed|precision|scaler")
LOW_CONFIG = re.compile(r"(?i)(dtype)\W{1,4}(bfloat16|float16|bf16|fp16|half)\b")


def sources_mentioning(workspace: Workspace, pattern: str) -> Iterator[Source]:
    """Parsed project files whose text matches the regex (checked before parsing)."""
    regex = re.compile(pattern)
    for path in project_files(workspace):
        if regex.search(workspace.text(path)):
            source = Source.parse(workspace, path)
            if source is not None:
                yield source


def enters_autocast(sources: list[Source]) -> bool:
    """Whether any project file calls an autocast (`torch.autocast`, `torch.amp.autocast`, the CUDA spelling)."""
    return any(name.endswith(".autocast") for source in sources
               for call in source.nodes(cst.Call) for name in source.qualified_names(call.func))


def keeps_low_precision(workspace: Workspace) -> bool:
    """Whether the project makes its low-precision tensors itself (`model.to(torch.bfloat16)`, `.half()`,
    `dtype="bfloat16"`) and never enters autocast: then they are its own state, and a float32 result
    would meet them unconverted. Tensors it does not make came from an autocast it does not see (a
    library's trainer), which the island turns off."""
    sources = project_sources(workspace)
    return not enters_autocast(sources) and declares_low_dtype(workspace, sources)


def declares_low_dtype(workspace: Workspace, sources: list[Source] | None = None) -> bool:
    """Whether the project names a low-precision dtype for tensors it makes: `.half()`, `.bfloat16()`,
    `torch.bfloat16`, `dtype="float16"`, `dtype: bf16` in a config file."""
    sources = project_sources(workspace) if sources is None else sources
    calls = [(source, call) for source in sources for call in source.nodes(cst.Call)]
    return any(isinstance(call.func, cst.Attribute) and call.func.attr.value in {"bfloat16", "half"}
               and not call.args for _, call in calls) \
        or any(source.qualified_names(a) & LOW_DTYPES for source in sources for a in source.nodes(cst.Attribute)) \
        or any(_low_setting(source, string) for source in sources for string in source.nodes(cst.SimpleString)) \
        or any(LOW_CONFIG.search(_text(path)) for path in project_files(workspace, CONFIGS))


def names_low_dtype_besides_autocast(workspace: Workspace) -> bool:
    """Whether a line of the project's code or configs names a low-precision dtype (`torch.bfloat16`,
    `.half()`, `dtype: bf16`) other than for autocast (a line naming autocast, amp, mixed precision):
    the program asked for low-precision tensors of its own (an EMA shadow, a snapshot)."""
    paths = [*project_files(workspace, (".py",)), *project_files(workspace, CONFIGS)]
    return any(LOW_NAMED.search(line) and not AUTOCAST_LINE.search(line) and not line.lstrip().startswith("#")
               for path in paths for line in workspace.text(path).splitlines())


def _text(path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def _low_setting(source: Source, string: cst.SimpleString) -> bool:
    """`dtype="bfloat16"`, `DTYPE = "float16"`: a dtype setting naming a low-precision one."""
    if string.evaluated_value not in {"bfloat16", "float16", "bf16", "fp16", "half"}:
        return False
    parent = source.parents.get(string)
    named = parent.keyword.value if isinstance(parent, cst.Arg) and parent.keyword is not None \
        else source.code(parent.targets[0].target) if isinstance(parent, cst.Assign) else ""
    return "dtype" in named.lower()  # not `mixed_precision="bf16"`: that is autocast, entered by a library


def classes_named(workspace: Workspace, name: str) -> Iterator[tuple[Source, cst.ClassDef]]:
    for source in sources_mentioning(workspace, rf"\bclass\s+{re.escape(name)}\b"):
        for node in source.nodes(cst.ClassDef, lambda c: c.name.value == name):
            yield source, node


def module_classes(workspace: Workspace) -> Iterator[tuple[Source, cst.ClassDef]]:
    """Classes that look like nn.Module subclasses: a base spelled `...Module`, or another
    such class of the project (one level)."""
    found = [(s, c) for s in sources_mentioning(workspace, r"\bclass\s") for c in s.nodes(cst.ClassDef)]
    names = {c.name.value for s, c in found if any(_base_name(s, b).endswith("Module") for b in c.bases)}
    for source, node in found:
        if any(_base_name(source, b) in names or _base_name(source, b).endswith("Module") for b in node.bases):
            yield source, node


def _base_name(source: Source, base: cst.Arg) -> str:
    return source.code(base.value).rsplit(".", 1)[-1] if base.keyword is None else ""


def methods(node: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    return {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}


def nn_spelling(source: Source) -> str:
    """How new code in this file names torch.nn (`nn`, `torch.nn`, an alias)."""
    for node in source.nodes(cst.Import):
        for alias in node.names:
            if source.code(alias.name) == "torch.nn" and alias.asname:
                return alias.asname.name.value
    for node in source.nodes(cst.ImportFrom):
        if node.module is not None and source.code(node.module) == "torch" \
                and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                if alias.name.value == "nn":
                    return alias.asname.name.value if alias.asname else "nn"
    return f"{source.torch}.nn"


def edit_distance(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions, transpositions."""
    previous2, previous = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if previous2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def swapped_in_each_file(origins: list[tuple[Source, cst.CSTNode]], swap, reason: str) -> Edit:
    """One edit that replaces each origin node with `swap(source, node)`, file by file (the new
    code may name torch: each file gets the import it lacks). `reason` may hold `{where}`: the
    origins as file:line."""
    changes, lines = [], []
    for source in dict.fromkeys(s for s, _ in origins):
        swaps = {n: swap(source, n) for s, n in origins if s is source}
        edit = source.edit(replaced_all(source.module, swaps), source.line_of(next(iter(swaps))), "", uses_torch=True)
        changes += edit.changes
        lines.append(edit.line)
    where = ", ".join(f"{s.path.name}:{s.line_of(n)}" for s, n in origins)
    return Edit(tuple(changes), lines[0], reason.format(where=where))


def swapped(node: cst.CSTNode, replacements: dict[cst.CSTNode, cst.CSTNode]) -> cst.CSTNode:
    """`node` with several of its nodes swapped at once (one deep_replace would rebuild the tree
    and lose the others)."""

    class Swap(cst.CSTTransformer):
        def on_leave(self, original, updated):
            return replacements.get(original, updated)

    return node.visit(Swap()) if replacements else node


def replaced_all(module: cst.Module, replacements: dict[cst.CSTNode, cst.CSTNode]) -> str:
    """The module's code with several nodes swapped at once."""
    return swapped(module, replacements).code


def config_files(workspace: Workspace) -> list[Path]:
    """The project's JSON/YAML/TOML/INI files that its code or its command names: a file the code never
    names is data or a record, not its config."""
    code = "\n".join([*(workspace.text(p) for p in project_files(workspace)), *workspace.arguments])
    return [path for path in project_files(workspace, CONFIG_SUFFIXES) if path.name in code]


def config_file_edits(workspace: Workspace, keys: set[str], old: int | re.Pattern[str], new: int | str,
                      why: str) -> list[Edit]:
    """Each line of the project's JSON/YAML/TOML/INI files (those its code or its command names)
    that sets one of `keys` to `old`
    (`"in_features": 12,`, `in_features: 12  # numeric`, `in_features = 12`), as an edit to `new`
    that keeps every other byte of the file. A string setting is given as a pattern over its text
    (`map_location = "cuda:0"`, `map_location: cuda`), and `new` keeps the quotes it had."""
    if not keys:
        return []
    names = "|".join(re.escape(k) for k in sorted(keys))
    value = rf"(?P<quote>[\"']?)(?:{old.pattern})(?P=quote)" if isinstance(old, re.Pattern) else rf"(?P<quote>){old}"
    # a key on its own line, or inside an inline map (`"model": {"in_dim": 20, ...}`, `{in_dim: 20}`)
    pattern = re.compile(rf"(?:^|(?<=[\s{{,]))(?P<key>[\"']?(?:{names})[\"']?\s*[:=]\s*)(?P<value>{value})"
                         r"(?=\s*(?:[,}\]]|#|$))")
    found = []
    for path in config_files(workspace):
        text = workspace.text(path)
        lines = text.splitlines(keepends=True)
        for number, line in enumerate(lines):
            for match in pattern.finditer(line.rstrip("\r\n")):
                written = f"{match['quote']}{new}{match['quote']}"
                edited = line[:match.start("value")] + written + line[match.end("value"):]
                changed = lines[:number] + [edited] + lines[number + 1:]
                reason = f"Changed {match[0].strip()} to {match['key'].strip()} {written} in {path.name} {why}"
                found.append(Edit((Change(path.resolve(), text, "".join(changed)),), number + 1, reason))
    return found


def class_in_message(diagnosis: Diagnosis) -> str | None:
    """The module class an error message names (`Module [Net] is missing`, `Net.__init__() takes`)."""
    for pattern in (r"Module \[(\w+)\] is missing", r"(\w+)\.__init__\(\) (?:takes|got)",
                    r"^'(\w+)' object has no attribute"):
        match = re.search(pattern, diagnosis.message)
        if match:
            return match[1]
    return None


def classes_in_question(diagnosis: Diagnosis, workspace: Workspace) -> list[tuple[Source, cst.ClassDef]]:
    """The class the message names, else every Module subclass of the project."""
    name = class_in_message(diagnosis)
    return list(classes_named(workspace, name)) if name else list(module_classes(workspace))
