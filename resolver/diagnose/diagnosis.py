"""What went wrong in one run: the Diagnosis value, built from the probe's JSON report (its keys:
resolver/run/probe/schema.py) or, when the probe could not write one, from the traceback text on
stderr; and its category id."""

from __future__ import annotations

import re
import signal
from dataclasses import dataclass, field
from pathlib import Path

from resolver.run.probe import schema

# (category id, pattern over "ErrorType: message"). The first match wins; ids are stable.
CATEGORIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (category, re.compile(pattern, re.IGNORECASE | re.DOTALL))
    for category, pattern in (
        ("shape.linear_in_features", r"^RuntimeError: .*(mat1 and mat2 shapes cannot be multiplied"
                                     r"|size mismatch, m1: \[\d+ x \d+\], m2: \[\d+ x \d+\])"),
        ("shape.conv_in_channels", r"^RuntimeError: .*expected input\[.*\] to have \d+ channels, but got \d+ channels"),
        ("shape.rnn_input_size", r"input\.size\(-1\) must be equal to input_size"),
        ("shape.rnn_state_batch", r"Expected hidden(\[\d\])? size \(\d+, \d+, \d+\), got \[\d+, \d+, \d+\]"),
        ("shape.layer_norm", r"Given normalized_shape=\[.*\], expected input with shape"),
        ("shape.norm_features", r"running_(mean|var) should contain \d+ elements not \d+"
                                r"|expected input's size at dim=\d+ to match num_features"
                                r"|Expected number of channels in input to be divisible by num_groups"
                                r"|Expected weight to be a vector of size equal to the number of channels in input"),
        ("shape.attention_embed_dim", r"was expecting embedding dimension of \d+, but got \d+"),
        ("device.mismatch", r"Expected all tensors to be on the same device|Input type \(.*cuda.*\) and weight type"
                            r"|should be the same.*(cuda|cpu)"),
        ("numpy.cuda_tensor", r"can't convert cuda:?\d* device type tensor to numpy"),
        ("numpy.object_array", r"can't convert np\.ndarray of type numpy\.object_"),
        ("numpy.requires_grad", r"Can't call numpy\(\) on Tensor that requires grad"),
        ("autograd.inplace_modified", r"modified by an inplace operation"),
        ("autograd.leaf_inplace", r"a leaf Variable that requires grad is being used in an in-place operation"),
        ("autograd.no_grad_fn", r"element 0 of tensors does not require grad"),
        ("autograd.backward_twice", r"Trying to backward through the graph a second time"),
        ("dtype.index_expected", r"expected target dtype to be Long|expected scalar type Long but found"
                                 r"|Expected object of scalar type Long|one_hot is only applicable to index tensor"
                                 r"|Expected tensor for argument #1 'indices' to have (one of the following )?scalar type"
                                 r"|tensors used as indices must be long|Expected dtype int(32|64).{0,12} for index"),
        ("dtype.float_target", r"result type Float can't be cast to the desired output type (Long|Int|Short|Byte|Bool)"
                               r"|Found dtype (Long|Int|Short|Byte|Bool) but expected Float"
                               r"|Expected floating point type for target with class probabilities"),
        ("dtype.mismatch", r"mat1 and mat2 must have the same dtype|expected scalar type (Float|Double) but found"
                           r"|Input type \((double|float|unsigned char|long int|int|c10::Half|half|c10::BFloat16)\) and "
                           r"(bias|weight) type \((double|float|c10::Half|half)\)|RNN input dtype .* does not match weight dtype"
                           r"|expected m1 and m2 to have the same dtype|must have the same dtype|mixed dtype \(CPU\)"),
        ("index.embedding", r"^IndexError: index out of range in self"),
        ("shape.batch_size", r"Expected input batch_size \(\d+\) to match target batch_size"),
        ("shape.view_contiguous", r"view size is not compatible with input tensor's size and stride"),
        ("shape.view_invalid", r"^RuntimeError: shape '\[.*\]' is invalid for input of size \d+"),
        ("data.ragged_batch", r"stack expects each tensor to be equal size"),
        ("module.missing_super_init", r"cannot assign (module|parameters?) before Module.__init__\(\) call"
                                      r"|object has no attribute '_(modules|parameters|buffers)'"),
        # the nn.Module protocol (rules/module_protocol.py)
        ("module.forward_missing", r'is missing the required "forward" function'),
        ("module.init_arguments", r"\w\.__init__\(\) takes 1 positional argument but \d+ were given"
                                  r"|\w\.__init__\(\) got an unexpected keyword argument"),
        ("module.extra_inputs", r"forward\(\) takes \d+ positional arguments? but \d+ were given"),
        ("module.no_parameters", r"optimizer got an empty parameter list"),
        ("module.tuple_output", r"^AttributeError: 'tuple' object has no attribute"
                                r"|(must be Tensor|expected Tensor as element \d+ in argument \d+), (not|but got) tuple"
                                r"|^TypeError: tuple indices must be integers or slices, not (tuple|Tensor)"),
        ("module.forward_returns_none", r"must be Tensor, not NoneType|^AttributeError: 'NoneType' object has no attribute '\w+'$"
                                        r"|unsupported operand type\(s\) for .*'NoneType'|'NoneType' object is not subscriptable"
                                        r"|cannot unpack non-iterable NoneType object"),
        # (before module.unset_attribute, which would take `'list' object has no attribute`)
        ("data.list_sample", r"^AttributeError: 'list' object has no attribute '(size|shape|dim|view|reshape|float|double|long|"
                             r"to|unsqueeze|squeeze|permute|transpose|flatten|cuda|numel|contiguous|mean|sum|type|dtype|device|unbind|chunk|"
                             r"detach|clone|half|bool|int|max|min|norm|ndim|T)'$"
                             r"|must be Tensor, not list|expected Tensor as element \d+ in argument \d+, but got list"
                             r"|received an invalid combination of arguments - got \(list,"),
        ("module.unset_attribute", r"^AttributeError: '[A-Z]\w*' object has no attribute '\w+'$"),
        # the data pipeline (rules/data_pipeline.py)
        ("data.unsorted_lengths", r"`lengths` array must be sorted in decreasing order"),
        ("data.unpicklable_worker_fn", r"Can't (pickle|get) local object"),
        ("data.none_sample", r"object of type 'NoneType' has no len\(\)"
                             r"|batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>"),
        ("data.loop_unpack", r"^ValueError: (too many|not enough) values to unpack \(expected \d+(, got \d+)?\)$"),
        ("data.index_past_end", r"^IndexError: (index -?\d+ is out of bounds for (dimension|axis) \d+ with size \d+"
                                r"|(list|tuple) index out of range)"),
        # checkpoints and devices (rules/checkpoint_device.py)
        ("device.no_cuda", r"Torch not compiled with CUDA enabled|Found no NVIDIA driver on your system"
                           r"|No CUDA GPUs are available"),
        ("checkpoint.cuda_storage", r"Attempting to deserialize object on a CUDA device"),
        ("checkpoint.optimizer_groups", r"loaded state dict has a different number of parameter groups"
                                        r"|loaded state dict contains a parameter group that doesn't match the size"),
        ("checkpoint.weights_only", r"Weights only load failed|Unsupported global: GLOBAL"),
        ("checkpoint.key_prefix", r"Missing key\(s\) in state_dict: .*Unexpected key\(s\) in state_dict: (\"[^\"]*\", )*\"(module|_orig_mod)\."),
        ("checkpoint.size_mismatch", r"size mismatch for [\w.]+: copying a param with shape"),
        ("checkpoint.missing_keys", r"Error\(s\) in loading state_dict for \w+:\s+Missing key\(s\) in state_dict"),
        ("scheduler.plateau_metric", r"step\(\) missing 1 required positional argument: 'metrics'"),
        ("batchnorm.single_sample", r"Expected more than 1 value per channel when training"),
        ("shape.broadcast", r"The size of tensor a \(\d+\) must match the size of tensor b \(\d+\)"
                            r"|Target size \(torch.Size\(.*\)\) must be the same as input size"
                            r"|Using a target size \(torch.Size\(.*\)\) that is different to the input size"),
        ("loss.multi_target", r"0D or 1D target tensor expected, multi-target not supported"),
        ("loss.target_out_of_bounds", r"Target -?\d+ is out of bounds|Assertion `t >= 0 && t < n_classes` failed"
                                      r"|Assertion `cur_target >= 0 && cur_target < n_classes` failed"),
        ("loss.target_size", r"Expected target size \[[\d, ]+\], got \[[\d, ]+\]"),
        ("autograd.nonscalar_backward", r"grad can be implicitly created only for scalar outputs"),
        ("tensor.ambiguous_truth", r"Boolean value of Tensor with more than one (value|element) is ambiguous"),
        ("type.tensor_not_callable", r"^TypeError: 'Tensor' object is not callable"),
        ("memory.cuda_oom", r"CUDA out of memory|^OutOfMemoryError"),
        ("hardware.cudnn", r"CUDNN_STATUS_|cuDNN error"),
        ("hardware.driver", r"driver version is insufficient|NVIDIA driver on your system is too old"
                            r"|no kernel image is available|CUDA driver initialization failed|CUDA error: unknown error"),
        ("syntax.error", r"^(SyntaxError|IndentationError|TabError): "),
        ("import.missing_module", r"^(ModuleNotFoundError|ImportError): "),
    )
)

# Categories where a source edit is the wrong answer: the seed's stop conditions.
STOP_REASONS = {
    "hardware.cudnn": "a cuDNN internal error is a driver/library fault, not a code bug: check that torch's "
                      "CUDA/cuDNN build matches the driver (update the driver); to confirm, rerun with "
                      "torch.backends.cudnn.enabled = False",
    "hardware.driver": "the CUDA driver and this torch build do not match: update the NVIDIA driver or install "
                       "a torch build for the installed CUDA version",
}
# When no rule's edit helped: what the seed says to do instead of editing code.
EXHAUSTED_ADVICE = {
    "data.none_sample": "a Dataset's __getitem__ returned None for some index, and the default collate cannot batch "
                        "it: keep only the usable rows in the Dataset's __init__, raise with the row's name instead "
                        "of returning None, or (changing batch sizes) give the DataLoader a collate_fn that drops "
                        "None samples; which one is a decision about the data",
    "device.no_cuda": "the code asks for CUDA on a machine without it, and no hard-coded device was found in its "
                      "Python: if a config file (YAML/JSON) names the device, set it to cpu (or the value that "
                      "picks CUDA only when torch.cuda.is_available())",
    "checkpoint.cuda_storage": "torch.load maps a checkpoint's tensors to CUDA on a machine without it, and no "
                               "map_location set for this load alone was found: pass map_location=\"cpu\" to torch.load (load_state_dict "
                               "then copies each tensor to its parameter's device); a device setting that also moves "
                               "the model is better left to pick CUDA only when torch.cuda.is_available()",
    "checkpoint.optimizer_groups": "an optimizer state saved with another set of parameter groups is loaded into "
                                   "this optimizer: start the optimizer fresh (do not load its state), or build it "
                                   "with the parameter groups it was saved with; which one is a decision about the "
                                   "training, so no edit is made",
    "memory.cuda_oom": "the GPU runs out of memory and the code holds no leak resolve can fix: use a smaller "
                       "batch size, gradient checkpointing or mixed precision (torch.autocast), or a smaller model",
}


@dataclass(frozen=True)
class Tensor:
    shape: tuple[int, ...]
    dtype: str
    device: str
    requires_grad: bool
    min: int | None = None  # integer tensors given to a module: the indices they hold
    max: int | None = None
    unique: int | None = None  # how many distinct values

    @classmethod
    def from_json(cls, data) -> Tensor | None:
        if not isinstance(data, dict) or "shape" not in data:
            return None
        return cls(tuple(data["shape"]), data["dtype"], data["device"], data["requires_grad"],
                   data.get("min"), data.get("max"), data.get("unique"))


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
    ragged: dict[str, tuple[str, int]] = field(default_factory=dict)
    # after the default collate met a None sample: (samples that are None, samples read)
    none_samples: tuple[int, int] | None = None
    # after a list where a tensor was expected: sample position ("0", "x", "*" the whole sample) ->
    # "list[float]", "list[int]" or the type's name, in the dataset's first sample
    sample_kinds: dict[str, str] = field(default_factory=dict)
    # with sample_ranges: how many integers a sample holds at that position (1: a label or one id)
    sample_sizes: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data, ranges=None, ragged=None, none_samples=None, kinds=None, sizes=None) -> Loader | None:
        if not data:
            return None
        dataset = data.get("dataset") or {}
        return cls(Site.from_json(data["site"]), data["batch_size"], data["drop_last"], data["collate_fn"],
                   data["dataset_size"], dataset.get("qualname"),
                   Path(dataset["file"]) if dataset.get("file") else None,
                   {k: tuple(v) for k, v in (ranges or {}).items()},
                   {k: tuple(v) for k, v in (ragged or {}).items()},
                   tuple(none_samples) if none_samples else None, dict(kinds or {}), dict(sizes or {}))


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
class Diagnosis:
    error_type: str
    message: str
    frames: tuple[Frame, ...] = ()
    modules: tuple[Module, ...] = ()  # outermost first; the last one raised
    counters: dict = field(default_factory=dict)
    versions: dict = field(default_factory=dict)
    loader: Loader | None = None  # the DataLoader whose batch raised, else the last to give one
    forward_origin: Frame | None = None  # under anomaly detection: the forward line behind a backward error
    source: str = "probe"  # or "traceback" when parsed from stderr, "exit" when there was none
    probe_error: str = ""  # the probe's own failure: facts above it could not gather, or a report it could not give
    wrapped_state_dicts: tuple[WrappedStateDict, ...] = ()  # after a state_dict load error

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
            self.category if self.category != "unknown" else self.message,
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
                  {k: v for k, v in f.get("lengths", {}).items() if isinstance(v, int)})
            for f in report.get("frames", [])
        )
        return cls(
            report["error_type"], report["message"], frames,
            tuple(Module.from_json(m) for m in report.get("modules", [])),
            report.get("counters", {}), report.get("versions", {}),
            Loader.from_json(loaders.get("failed") or loaders.get("last"), loaders.get("sample_ranges"),
                             loaders.get("ragged"), loaders.get("none_samples"), loaders.get("sample_kinds"),
                             loaders.get("sample_sizes")),
            probe_error=report.get("probe_error", ""),
            wrapped_state_dicts=tuple(WrappedStateDict.from_json(w) for w in report.get("wrapped_state_dicts", [])),
        )

    @classmethod
    def from_traceback(cls, stderr: str, project: Path, exit_code: int) -> Diagnosis:
        """The last traceback in the text, or a description of how the process ended."""
        parsed = parse_traceback(stderr, project)
        if parsed is not None:
            return parsed
        if exit_code < 0:
            name = signal.Signals(-exit_code).name if -exit_code in signal.Signals._value2member_map_ else str(-exit_code)
            return cls("Signal", f"the script was killed by {name}", source="exit")
        tail = stderr.strip().splitlines()[-1] if stderr.strip() else ""
        return cls("ExitCode", f"the script exited with code {exit_code}" + (f": {tail}" if tail else ""),
                   source="exit")


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
