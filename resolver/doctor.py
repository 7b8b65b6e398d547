"""`resolve doctor`: the environment the scripts run in, checked in the interpreter that runs
them (`--python`). The facts come from resolver/run/probe/doctor.py, run there (PyTorch's own
torch.utils.collect_env and what it leaves out); this module renders them as text (English or
Chinese) or JSON, and gives the one-line summary a FAILED report adds when the error may come
from the environment."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from resolver.errors import UsageError, UsageParser

SCRIPT = Path(__file__).parent / "run" / "probe" / "doctor.py"
TIMEOUT = 120  # seconds: collect_env runs pip and nvidia-smi

WORDS = {
    "en": {"pytorch": "PyTorch", "cuda": "CUDA", "cudnn": "cuDNN", "driver": "NVIDIA driver", "gpus": "GPUs",
           "python": "Python", "os": "OS", "packages": "Packages", "memory": "Memory", "problems": "Problems",
           "summary": "Summary", "none": "none", "not_built": "not in this build (CPU-only torch)",
           "build": "build {version}; available: {available}; a CUDA tensor: {tensor}", "yes": "yes", "no": "no",
           "made": "can be made", "limits": "cgroup limit {cgroup}; RLIMIT_AS {rlimit}; available RAM {available} of "
           "{total}", "unlimited": "unlimited", "no_torch": "torch cannot be imported: {error}",
           "free": "{free} free", "ok": "no problems found"},
    "zh": {"pytorch": "PyTorch", "cuda": "CUDA", "cudnn": "cuDNN", "driver": "NVIDIA 驱动", "gpus": "GPU",
           "python": "Python", "os": "操作系统", "packages": "相关包", "memory": "内存", "problems": "问题",
           "summary": "摘要", "none": "无", "not_built": "此版本未包含（仅 CPU 的 torch）",
           "build": "编译版本 {version}；可用：{available}；CUDA 张量：{tensor}", "yes": "是", "no": "否",
           "made": "可以创建", "limits": "cgroup 限制 {cgroup}；RLIMIT_AS {rlimit}；可用内存 {available} / {total}",
           "unlimited": "无限制", "no_torch": "无法导入 torch：{error}", "free": "空闲 {free}", "ok": "未发现问题"},
}


def gather(python: str, brief: bool = False, timeout: float = TIMEOUT) -> dict:
    """The facts, from `python`; a UsageError when that interpreter cannot give them."""
    from resolver.run.runner import child_environment

    try:
        done = subprocess.run([python, str(SCRIPT), *(["--brief"] if brief else [])], capture_output=True,
                              text=True, timeout=timeout, env=child_environment(), stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UsageError(f"--python {python}: the environment check could not run ({exc})") from None
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise UsageError(f"--python {python}: the environment check failed: {tail}") from None


def _size(n: int | None, words: dict) -> str:
    return words["unlimited"] if n is None else f"{n / 2**30:.1f} GiB"


def summary(facts: dict) -> str:
    """One line: torch and its CUDA, the GPUs, the memory limit, and the first problem."""
    if "torch_error" in facts:
        return f"torch cannot be imported by {facts['executable']}: {facts['torch_error']}"
    build = f"CUDA {facts['cuda_build']} build" if facts.get("cuda_build") else "CPU-only build"
    gpus = facts.get("gpus") or []
    device = (f"{len(gpus)} GPU(s): {gpus[0]['name']}" if gpus else
              "no usable CUDA device" if facts.get("cuda_build") else "no CUDA")
    memory = facts.get("memory", {})
    limit = min((n for n in (memory.get("cgroup_max"), memory.get("rlimit_as")) if n), default=None)
    ram = f"memory limit {_size(limit, WORDS['en'])}, {_size(memory.get('available'), WORDS['en'])} RAM available"
    problems = facts.get("problems") or []
    return (f"torch {facts.get('torch')} ({build}), Python {facts.get('python')}, {device}, {ram}; "
            + (f"problem: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
               if problems else "no mismatch found") + " (resolve doctor for more)")


def text(facts: dict, lang: str = "en") -> str:
    w = WORDS[lang]
    return "".join(line.replace(": ", "：", 1) if lang == "zh" and not line.startswith(" ") else line
                   for line in _text(facts, w).splitlines(True))


def _text(facts: dict, w: dict) -> str:
    if "torch_error" in facts:
        lines = [f"{w['pytorch']}: " + w["no_torch"].format(error=facts["torch_error"])]
    else:
        tensor = w["made"] if facts.get("cuda_tensor") == "ok" else facts.get("cuda_tensor")
        cuda = w["build"].format(version=facts["cuda_build"], available=w["yes" if facts["cuda_available"] else "no"],
                                 tensor=tensor) if facts.get("cuda_build") else w["not_built"]
        gpus = [f"{i}: {g['name']} (sm {g['capability']}), {_size(g['memory'], w)}"
                + (f", {w['free'].format(free=_size(g['free'], w))}" if "free" in g else "")
                for i, g in enumerate(facts.get("gpus") or [])]
        env = facts.get("collect_env", {})
        lines = [f"{w['pytorch']}: {facts['torch']}", f"{w['cuda']}: {cuda}",
                 f"{w['cudnn']}: {facts.get('cudnn') or w['none']}",
                 f"{w['driver']}: {facts.get('driver') or w['none']}",
                 f"{w['gpus']}: " + ("; ".join(gpus) if gpus else w["none"])]
        if env.get("os"):
            lines.append(f"{w['os']}: {env['os']}")
    memory = facts.get("memory", {})
    lines += [f"{w['python']}: {facts['python']} ({facts['executable']})",
              f"{w['packages']}: " + (", ".join(f"{k} {v}" for k, v in facts.get("packages", {}).items()) or w["none"]),
              f"{w['memory']}: " + w["limits"].format(cgroup=_size(memory.get("cgroup_max"), w),
                                                      rlimit=_size(memory.get("rlimit_as"), w),
                                                      available=_size(memory.get("available"), w),
                                                      total=_size(memory.get("total"), w))]
    problems = facts.get("problems") or []
    lines.append(f"{w['problems']}: " + (w["ok"] if not problems else ""))
    lines += [f"  - {p}" for p in problems]
    lines += ["", f"{w['summary']}: {summary(facts)}"]
    return "\n".join(lines) + "\n"


def doctor(args: list[str]) -> int:
    from resolver import report

    parser = UsageParser(prog="resolve doctor",
                         description="Check the environment the scripts run in: PyTorch, CUDA, cuDNN and driver "
                                     "versions, whether a CUDA tensor can be made, the GPUs and their memory, the "
                                     "torch-family packages and their mismatches, and the memory limit. Built on "
                                     "torch.utils.collect_env, run in the interpreter that runs the scripts.")
    parser.add_argument("--python", default=sys.executable, metavar="PATH",
                        help="the interpreter to check (default: the one running resolve)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--lang", choices=report.LANGUAGES, default=None, help="language of the text report")
    options = parser.parse_args(args)
    facts = gather(options.python)
    if options.json:
        print(json.dumps({**facts, "summary": summary(facts)}, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(text(facts, report.language(options.lang)))
    return 0


def environment_note(python: str) -> str:
    """The doctor's summary for a FAILED report ("" when the check itself cannot run)."""
    try:
        return "environment: " + summary(gather(python, brief=True, timeout=60))
    except UsageError:
        return ""
