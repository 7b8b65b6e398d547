"""Recorded diagnoses: the Diagnosis value a fixture's failing run produced (the probe's report as
the loop reads it, with the extra evidence its rules asked for), saved as
fixtures/<rule>/<case>/diagnosis.json. Paths inside the project are written `{project}/...`,
paths in installed packages `{site}/...`, so a recording is the same on every machine."""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from pathlib import Path

from resolver.diagnose.diagnosis import Diagnosis, Tensor

PROJECT = "{project}"
SITE = "{site}"
# the machine's, not the failure's; and the cause, which resolve reads from the message and the files
LEFT_OUT = ("versions", "cause")
_INSTALLED = re.compile(r"^.*?/(?:site|dist)-packages/")
_IN_TEXT = re.compile(r"/[^\s\"']*?/(?:site|dist)-packages/")


def dump(diagnosis: Diagnosis, project: Path) -> str:
    data = _to_json(diagnosis, project.resolve())
    for name in LEFT_OUT:
        data.pop(name)
    if not data["probe_error"]:  # a recording of a probe that broke shows it; the usual one is unchanged
        data.pop("probe_error")
    if not data["health"]:  # likewise a training-health verdict's summary
        data.pop("health")
    else:  # its paths are strings, not Paths
        data["health"] = json.loads(json.dumps(data["health"]).replace(str(project.resolve()), PROJECT))
    if not data["memory"]:  # likewise the figures of a run out of memory
        data.pop("memory")
    else:
        data["memory"] = json.loads(json.dumps(data["memory"]).replace(str(project.resolve()), PROJECT))
    # a message that quotes a traceback (mp.spawn's) names files where torch and the project are installed
    data["message"] = _IN_TEXT.sub(f"{SITE}/", data["message"].replace(str(project.resolve()), PROJECT))
    if not data["ranks"]:  # likewise what the other ranks of a distributed run did
        data.pop("ranks")
    if not data["wrapped_state_dicts"]:  # likewise a wrapper's state_dict taken in the project
        data.pop("wrapped_state_dicts")
    if not data["unused_parameters"]:  # likewise the parts of a DDP model that got no gradient
        data.pop("unused_parameters")
    if data.get("loader") and not data["loader"]["ragged"]:  # likewise samples that could not be stacked
        data["loader"].pop("ragged")
    if data.get("loader") and data["loader"]["none_samples"] is None:  # likewise None samples counted
        data["loader"].pop("none_samples")
    if data.get("loader") and not data["loader"]["sample_kinds"]:  # likewise the kinds of a sample's parts
        data["loader"].pop("sample_kinds")
    if data.get("loader") and not data["loader"]["sample_sizes"]:  # likewise the sizes beside sample_ranges
        data["loader"].pop("sample_sizes")
    if data.get("loader") and not data["loader"]["byte_levels"]:  # likewise the levels of 0..255 positions
        data["loader"].pop("byte_levels")
    if data.get("loader") and not data["loader"]["sample_values"]:  # likewise the few values of a position
        data["loader"].pop("sample_values")
    if data.get("loader") and data["loader"]["order"] is None:  # likewise a batch order the sampler does not say
        data["loader"].pop("order")
    for frame in data["frames"] + ([data["forward_origin"]] if data.get("forward_origin") else []):
        if not frame["lengths"]:  # likewise the data lengths a Dataset's __getitem__ keeps
            frame.pop("lengths")
        if not frame.get("kept_graphs", True):  # likewise the graphs an out-of-memory frame kept
            frame.pop("kept_graphs")
        if not frame.get("numbers", True):  # likewise the dicts of numbers a plateau step's frame holds
            frame.pop("numbers")
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def load(text: str, project: Path) -> Diagnosis:
    data = json.loads(text)
    for key in ("health", "memory"):
        if key in data:
            data[key] = json.loads(json.dumps(data[key]).replace(PROJECT, str(project.resolve())))
    return _from_json(Diagnosis, data, project.resolve())


def _to_json(value, project: Path):
    if dataclasses.is_dataclass(value):
        data = {f.name: _to_json(getattr(value, f.name), project) for f in dataclasses.fields(value)}
        if isinstance(value, Tensor) and value.whole_values is None:  # likewise a loss's whole-number values
            data.pop("whole_values")
        return data
    if isinstance(value, Path):
        try:
            return f"{PROJECT}/{value.resolve().relative_to(project).as_posix()}"
        except ValueError:
            return _INSTALLED.sub(f"{SITE}/", value.as_posix())
    if isinstance(value, (tuple, list)):
        return [_to_json(v, project) for v in value]
    if isinstance(value, dict):
        return {k: _to_json(v, project) for k, v in value.items()}
    return value


def _from_json(hint, data, project: Path):
    if data is None:
        return None
    if isinstance(hint, (types.UnionType,)) or typing.get_origin(hint) is typing.Union:
        return _from_json(next(a for a in typing.get_args(hint) if a is not type(None)), data, project)
    if hint is Path:
        return Path(data.replace(PROJECT, str(project), 1))
    if dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        return hint(**{name: _from_json(hints[name], value, project) for name, value in data.items()})
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return tuple(_from_json(args[0], v, project) for v in data)
    if origin is dict and args:
        return {k: _from_json(args[1], v, project) for k, v in data.items()}
    return data
