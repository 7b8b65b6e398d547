"""What went wrong in one run: the Diagnosis value, built from the probe's JSON report (its keys:
resolver/run/probe/schema.py) or, when the probe could not write one, from the traceback text on
stderr; and its category id."""

from __future__ import annotations

import re
import signal
from dataclasses import dataclass, field, replace
from pathlib import Path

from resolver.diagnose.categories import CATEGORIES
from resolver.run.probe import schema

# categories whose messages are written by the project, not by torch: two asserts raised through one
# helper line are two errors, so the message, not the category, says whether it is the same one
MESSAGE_IS_IDENTITY = frozenset({"unknown", "shape.assertion"})


@dataclass(frozen=True)
class Tensor:
    shape: tuple[int, ...]
    dtype: str
    device: str
    requires_grad: bool
    min: int | None = None  # integer tensors given to a module: the indices they hold
    max: int | None = None
    unique: int | None = None  # how many distinct values
    # a floating tensor given to a failing loss, when every value is a whole number: (min, max, distinct)
    whole_values: tuple[int, int, int] | None = None

    @classmethod
    def from_json(cls, data) -> Tensor | None:
        if not isinstance(data, dict) or "shape" not in data:
            return None
        return cls(tuple(data["shape"]), data["dtype"], data["device"], data["requires_grad"],
                   data.get("min"), data.get("max"), data.get("unique"),
                   tuple(data["whole_values"]) if data.get("whole_values") else None)


@dataclass(frozen=True)
class Site:
    """Where a module was constructed: the call expression's span in a file."""

    file: Path
    line: int
    col: int | None
    end_line: int | None
    end_col: int | None
    function: str
    scope: dict[str, int] = field(default_factory=dict)
    variants: int = 1  # differently configured modules built by this same expression
    callers: tuple[Site, ...] = ()  # the user frames that led here, innermost first

    @classmethod
    def from_json(cls, data) -> Site | None:
        if not data:
            return None
        line, col, end_line, end_col = data["position"]
        return cls(Path(data["file"]), line, col, end_line, end_col, data["function"],
                   dict(data.get("scope", {})), data.get("variants", 1),
                   tuple(cls.from_json(caller) for caller in data.get("stack", ())))


@dataclass(frozen=True)
class Module:
    """An nn.Module the error was raised in: its dotted path in the model, class, facts."""

    path: str
    class_name: str
    qualname: str
    attributes: dict
    inputs: tuple[Tensor | None, ...]
    site: Site | None

    @property
    def loaded_weights(self) -> bool:
        """load_state_dict filled it (or a module holding it): its shapes are the checkpoint's."""
        return self.attributes.get("loaded_weights") is True

    @classmethod
    def from_json(cls, data) -> Module:
        return cls(data["path"], data["class"], data["qualname"], data["attributes"],
                   tuple(Tensor.from_json(i) for i in data["inputs"]), Site.from_json(data["site"]))


@dataclass(frozen=True)
class Loader:
    """A DataLoader: where it was built and how."""

    site: Site | None
    batch_size: int | None
    drop_last: bool
    collate_fn: str | None  # None: torch's default
    dataset_size: int | None
    dataset_class: str | None = None  # qualified name of the class behind Subset wrappers
    dataset_file: Path | None = None  # where that class is defined
    # after a target index out of bounds: sample position -> (smallest, largest) integer it holds
    sample_ranges: dict[str, tuple[int, int]] = field(default_factory=dict)
    # after samples the default collate could not stack: position -> (dtype, dimensions) of the
    # tensors whose shape varies from sample to sample
    ragged: dict[str, tuple] = field(default_factory=dict)  # (dtype, rank[, the dimensions that vary])
    # after the default collate met a None sample: (samples that are None, samples read)
    none_samples: tuple[int, int] | None = None
    # after a list where a tensor was expected: sample position ("0", "x", "*" the whole sample) ->
    # "list[float]", "list[int]" or the type's name, in the dataset's first sample
    sample_kinds: dict[str, str] = field(default_factory=dict)
    # with sample_ranges: how many integers a sample holds at that position (1: a label or one id)
    sample_sizes: dict[str, int] = field(default_factory=dict)
    # with sample_ranges, for positions holding 0..255: how many distinct values the dataset holds (3: more than 2)
    byte_levels: dict[str, int] = field(default_factory=dict)
    # "shuffled" (a random sampler), "ordered" (a sequential sampler), None: unknown
    order: str | None = None
    # with sample_ranges: the distinct values the dataset holds at a position, where they are few (32 at most)
    sample_values: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data, ranges=None, ragged=None, none_samples=None, kinds=None, sizes=None,
                  byte_levels=None, values=None) -> Loader | None:
        if not data:
            return None
        dataset = data.get("dataset") or {}
        return cls(Site.from_json(data["site"]), data["batch_size"], data["drop_last"], data["collate_fn"],
                   data["dataset_size"], dataset.get("qualname"),
                   Path(dataset["file"]) if dataset.get("file") else None,
                   {k: tuple(v) for k, v in (ranges or {}).items()},
                   {k: tuple(v) for k, v in (ragged or {}).items()},
                   tuple(none_samples) if none_samples else None, dict(kinds or {}), dict(sizes or {}),
                   dict(byte_levels or {}), data.get("order"), {k: tuple(v) for k, v in (values or {}).items()})


@dataclass(frozen=True)
class Frame:
    file: Path
    line: int
    function: str
    user: bool
    code: str = ""
    tensors: dict[str, Tensor] = field(default_factory=dict)
    models: dict[str, tuple[str, int]] = field(default_factory=dict)  # nn.Module locals: (class, parameters)
    lengths: dict[str, int] = field(default_factory=dict)  # in a Dataset's __getitem__: "self.name" -> len()
    # out of memory: containers (a local, or "self.name") holding 2+ tensors that still carry a graph -> how many
    kept_graphs: dict[str, int] = field(default_factory=dict)
    # a plateau scheduler's step without its metric: the dicts of numbers the frame holds -> their keys
    numbers: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def wrapper_forward(self) -> bool:
        """torch's DistributedDataParallel.forward: itself a collective (it broadcasts buffers)."""
        return self.function == "forward" and self.file.name == "distributed.py" and self.file.parent.name == "parallel"


@dataclass(frozen=True)
class WrappedStateDict:
    """A project line that took the state_dict of a DataParallel/DDP/compiled wrapper."""

    file: Path
    line: int
    wrapper: str  # DataParallel, DistributedDataParallel, OptimizedModule
    attribute: str  # the wrapped model: module, _orig_mod
    keys: tuple[str, ...]  # the state dict's keys behind `attribute.`

    @classmethod
    def from_json(cls, data) -> WrappedStateDict:
        return cls(Path(data["file"]), data["line"], data["wrapper"], data["attribute"], tuple(data["keys"]))


@dataclass(frozen=True)
class UnusedPart:
    """After DDP's unused-parameter error: the outermost part of the wrapped model (a submodule, or a
    bare parameter) none of whose parameters got a gradient, as the attribute of the class that owns it."""

    path: str  # in the wrapped model: "proj", "blocks.2.gate"
    attribute: str  # the owner's attribute: "proj", "gate"
    owner: str  # the owner's class name
    file: Path | None  # where that class is defined
    parameters: tuple[str, ...]

    @classmethod
    def from_json(cls, data) -> UnusedPart:
        return cls(data["path"], data["attribute"], data["owner"], Path(data["file"]) if data["file"] else None,
                   tuple(data["parameters"]))


@dataclass(frozen=True)
class Diagnosis:
    error_type: str
    message: str
    frames: tuple[Frame, ...] = ()
    modules: tuple[Module, ...] = ()  # outermost first; the last one raised
    counters: dict = field(default_factory=dict)
    versions: dict = field(default_factory=dict)
    loader: Loader | None = None  # the DataLoader whose batch raised, else the last to give one
    forward_origin: Frame | None = None  # under anomaly detection: the forward line behind a backward error
    cause: Frame | None = None  # where the wrong value was made, when the error names it (diagnose/cause.py)
    source: str = "probe"  # or "traceback" (parsed from stderr), "exit" (there was none), "health" (it exited 0)
    probe_error: str = ""  # the probe's own failure: facts above it could not gather, or a report it could not give
    wrapped_state_dicts: tuple[WrappedStateDict, ...] = ()  # after a state_dict load error
    health: dict = field(default_factory=dict)  # a training-health verdict: the probe's summary of the run
    ranks: tuple[str, ...] = ()  # a distributed run: what each rank did (the first to fail, the others)
    unused_parameters: tuple[UnusedPart, ...] = ()  # after DDP's "finished reduction" error
    memory: dict = field(default_factory=dict)  # out of memory: the run's limits, peaks, forecast (diagnose/memory.py)

    @property
    def error(self) -> str:
        return f"{self.error_type}: {self.message}" if self.message else self.error_type

    @property
    def headline(self) -> str:
        """The error as one line, for reports."""
        return self.error.strip().splitlines()[0] if self.error.strip() else self.error_type

    @property
    def category(self) -> str:
        for category, pattern in CATEGORIES:
            if pattern.search(self.error):
                return category
        return "unknown"

    @property
    def location(self) -> Frame | None:
        """The innermost frame in the user's own code."""
        user_frames = [f for f in self.frames if f.user]
        return user_frames[-1] if user_frames else None

    @property
    def module(self) -> Module | None:
        return self.modules[-1] if self.modules else None

    @property
    def batch_folded(self) -> bool:
        """The failing layer got a 2-D input whose batch differs from the model's: a flatten
        such as `x.view(-1, N)` folded the batch into the features upstream."""
        if len(self.modules) < 2 or not self.modules[0].inputs or not self.module.inputs:
            return False
        model_input, layer_input = self.modules[0].inputs[0], self.module.inputs[0]
        return (model_input is not None and layer_input is not None and len(layer_input.shape) == 2
                and bool(model_input.shape) and layer_input.shape[0] != model_input.shape[0])

    def same_error_as(self, other: Diagnosis) -> bool:
        """The same failure, even if numbers in the message moved: same kind of error, raised
        at the same line of user code, in the same module of the model."""
        return self._identity() == other._identity()

    def _identity(self):
        where = self.location
        return (
            self.error_type,
            self.category if self.category not in MESSAGE_IS_IDENTITY else self.message,
            (str(where.file), where.line) if where else None,
            self.module.path if self.module else None,
        )

    @classmethod
    def from_probe(cls, report: dict) -> Diagnosis:
        if problem := schema.problem(report):  # the facts cannot be trusted: only the error's words
            return cls(str(report.get("error_type", "ProbeError")), str(report.get("message", "")),
                       probe_error=problem)
        loaders = report.get("loaders", {})
        frames = tuple(
            Frame(Path(f["file"]), f["line"], f["function"], f["user"], f.get("code", ""),
                  {k: t for k, v in f.get("tensors", {}).items() if (t := Tensor.from_json(v))},
                  {k: tuple(v) for k, v in f.get("models", {}).items()},
                  {k: v for k, v in f.get("lengths", {}).items() if isinstance(v, int)},
                  {k: v for k, v in f.get("kept_graphs", {}).items() if isinstance(v, int)},
                  {k: tuple(v) for k, v in f.get("numbers", {}).items() if isinstance(v, list)})
            for f in report.get("frames", [])
        )
        return cls(
            report["error_type"], report["message"], frames,
            tuple(Module.from_json(m) for m in report.get("modules", [])),
            report.get("counters", {}), report.get("versions", {}),
            Loader.from_json(loaders.get("failed") or loaders.get("last"), loaders.get("sample_ranges"),
                             loaders.get("ragged"), loaders.get("none_samples"), loaders.get("sample_kinds"),
                             loaders.get("sample_sizes"), loaders.get("byte_levels"), loaders.get("sample_values")),
            probe_error=report.get("probe_error", ""),
            wrapped_state_dicts=tuple(WrappedStateDict.from_json(w) for w in report.get("wrapped_state_dicts", [])),
            unused_parameters=tuple(UnusedPart.from_json(u) for u in report.get("unused_parameters", [])),
            health=report.get("health") or {},  # a crash's: only the layers replaced under an optimizer
        )

    @classmethod
    def from_traceback(cls, stderr: str, project: Path, exit_code: int) -> Diagnosis:
        """The last traceback in the text, or a description of how the process ended."""
        parsed = parse_traceback(stderr, project)
        if parsed is not None:
            return parsed
        if exit_code < 0:
            known = -exit_code in signal.Signals._value2member_map_
            name = signal.Signals(-exit_code).name if known else str(-exit_code)
            return cls("Signal", f"the script was killed by {name}", source="exit")
        tail = stderr.strip().splitlines()[-1] if stderr.strip() else ""
        return cls("ExitCode", f"the script exited with code {exit_code}" + (f": {tail}" if tail else ""),
                   source="exit")


_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")


def strip_ansi(text: str) -> str:
    """Terminal escapes (colours, cursor moves, hyperlinks) out of captured output: torch and the
    script colour what they print, and a piped report or the parser must not see the codes."""
    return _ANSI.sub("", text) if "\x1b" in text else text


_TRACEBACK_START = "Traceback (most recent call last):"
_FRAME = re.compile(r'^  File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<function>.+))?$')
_EXCEPTION = re.compile(r"^(?P<type>[A-Za-z_][\w.]*)(?::\s?(?P<message>.*))?$")


def parse_traceback(text: str, project: Path) -> Diagnosis | None:
    """Parse the last Python traceback in `text` (chained tracebacks: the last one raised)."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == _TRACEBACK_START]
    syntax = _parse_syntax_error(lines, project)
    if not starts:
        return syntax
    frames: list[Frame] = []
    i = starts[-1] + 1
    while i < len(lines):
        match = _FRAME.match(lines[i])
        if match:
            path = Path(match["file"])
            code = lines[i + 1].strip() if i + 1 < len(lines) and lines[i + 1].startswith("    ") else ""
            frames.append(Frame(path, int(match["line"]), match["function"] or "<module>",
                                _is_user_file(path, project), code))
            i += 1
            continue
        if lines[i].startswith(" ") or not lines[i].strip():
            i += 1
            continue
        break
    rest = lines[i:]
    if not rest:
        return None
    match = _EXCEPTION.match(rest[0])
    if not match:
        return None
    message_lines = [match["message"] or ""] + rest[1:]
    error_type = match["type"].rsplit(".", 1)[-1]  # `torch.OutOfMemoryError` is raised as OutOfMemoryError
    if syntax is not None and error_type in ("SyntaxError", "IndentationError", "TabError"):
        return syntax
    return Diagnosis(error_type, "\n".join(message_lines).strip(), tuple(frames), source="traceback")


_SPAWNED = re.compile(r"-- Process (\d+) terminated with the following error:\n")


def spawned_error(diagnosis: Diagnosis, project: Path) -> Diagnosis:
    """The worker's own error for one that `torch.multiprocessing.spawn` re-raised in the parent as
    ProcessRaisedException, whose message is the worker's traceback as text: its error, message
    and frames (the probe's facts stay with the parent's counters)."""
    found = _SPAWNED.search(diagnosis.message) if diagnosis.error_type == "ProcessRaisedException" else None
    child = parse_traceback(diagnosis.message[found.end():], project) if found else None
    if child is None:
        return diagnosis
    return replace(child, counters=diagnosis.counters, versions=diagnosis.versions, source=diagnosis.source,
                   ranks=(f"spawned process {found[1]} failed first (re-raised by torch.multiprocessing.spawn)",))


def parse_forward_origin(text: str, project: Path) -> Frame | None:
    """The last user frame of "Traceback of forward call that caused the error", which
    torch.autograd's anomaly detection prints for an error in backward."""
    marker = "Traceback of forward call that caused the error:"
    if marker not in text:
        return None
    lines = text.split(marker, 1)[1].splitlines()[1:]
    found = None
    for i, line in enumerate(lines):
        match = _FRAME.match(line)
        if match:
            path = Path(match["file"])
            if _is_user_file(path, project):
                code = lines[i + 1].strip() if i + 1 < len(lines) else ""
                found = Frame(path, int(match["line"]), match["function"] or "<module>", True, code)
        elif line.strip() and not line.startswith("    "):
            break
    return found


def _parse_syntax_error(lines: list[str], project: Path) -> Diagnosis | None:
    """A SyntaxError's frame has no function and its message follows a caret line."""
    for i in range(len(lines) - 1, -1, -1):
        match = re.match(r"^(SyntaxError|IndentationError|TabError): (.*)$", lines[i])
        if not match:
            continue
        for j in range(i - 1, -1, -1):
            frame = _FRAME.match(lines[j])
            if frame and frame["function"] is None:
                path = Path(frame["file"])
                code = lines[j + 1].strip() if j + 1 < i else ""
                return Diagnosis(match[1], match[2], (Frame(path, int(frame["line"]), "<module>",
                                                            _is_user_file(path, project), code),),
                                 source="traceback")
        return Diagnosis(match[1], match[2], source="traceback")
    return None


def _is_user_file(path: Path, project: Path) -> bool:
    try:
        resolved = path.resolve()
        resolved.relative_to(project)
    except (ValueError, OSError):
        return False
    return not ({"site-packages", "dist-packages"} & set(resolved.parts))
