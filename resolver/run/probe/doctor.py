"""`resolve doctor`'s facts, gathered inside the interpreter that runs the scripts. Like the probe,
it imports only the standard library and torch. PyTorch's own environment report
(torch.utils.collect_env) gives the versions, driver and GPU models; this adds what it leaves out:
whether a CUDA tensor can be made, each GPU's memory, the torch-family packages and their
mismatches, and the memory limit the process runs under. Prints one JSON object.

usage: python doctor.py [--brief]   (--brief: no collect_env, whose pip and nvidia-smi calls take seconds)"""

import json
import os
import re
import resource
import sys
from importlib import metadata

FAMILY = ("torch", "torchvision", "torchaudio", "torchtext", "torchdata", "triton", "xformers", "torch-tensorrt",
          "pytorch-lightning", "lightning", "torchmetrics", "accelerate", "deepspeed", "numpy")
COMPANIONS = ("torchvision", "torchaudio", "torchtext", "torchdata", "xformers")  # built for one torch release


def _first_line(exc):
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]


def packages():
    found = {}
    for dist in metadata.distributions():
        name = (dist.metadata["Name"] or "").lower().replace("_", "-")
        if name in FAMILY or name.startswith("nvidia-") and name.endswith(("-cu11", "-cu12", "-cu13")):
            found[name] = dist.version
    return dict(sorted(found.items()))


def _release(version):
    return version.split("+", 1)[0]


def mismatches(found, torch_facts):
    problems = []
    torch_version = found.get("torch")
    for name in COMPANIONS:
        if name not in found or not torch_version:
            continue
        for requirement in metadata.requires(name) or ():
            pinned = re.match(r"^torch\s*\(?\s*==\s*([\w.+]+)", requirement)
            if pinned and _release(pinned[1]) != _release(torch_version):
                problems.append(f"{name} {found[name]} was built for torch {pinned[1]}, but torch is {torch_version}")
    cuda_build, driver = torch_facts.get("cuda_build"), torch_facts.get("driver")
    if cuda_build and not torch_facts.get("cuda_available") and not driver and not torch_facts.get("gpus"):
        problems.append(f"torch {torch_version} is a CUDA {cuda_build} build, but this machine has no NVIDIA driver: "
                        "it runs on the CPU only")
    elif cuda_build and driver and torch_facts.get("cuda_tensor") not in (None, "ok"):
        problems.append(f"an NVIDIA driver ({driver}) is installed, but torch cannot use CUDA: "
                        f"{torch_facts['cuda_tensor']}")
    return problems


def _read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        return None


def memory():
    limit = _read("/sys/fs/cgroup/memory.max") or _read("/sys/fs/cgroup/memory/memory.limit_in_bytes")
    cgroup = int(limit) if limit and limit.isdigit() and int(limit) < 1 << 60 else None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    info = {}
    for line in (_read("/proc/meminfo") or "").splitlines():
        key, _, value = line.partition(":")
        if key in ("MemTotal", "MemAvailable") and value.split():
            info[key] = int(value.split()[0]) * 1024
    return {"cgroup_max": cgroup, "rlimit_as": None if soft == resource.RLIM_INFINITY else soft,
            "available": info.get("MemAvailable"), "total": info.get("MemTotal")}


def torch_facts(torch, brief):
    facts = {"torch": torch.__version__, "cuda_build": torch.version.cuda,
             "cuda_available": torch.cuda.is_available(), "gpus": []}
    try:
        facts["cudnn"] = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
    except Exception as exc:
        facts["cudnn"] = _first_line(exc)
    try:
        torch.zeros(1, device="cuda")
        facts["cuda_tensor"] = "ok"
    except Exception as exc:
        facts["cuda_tensor"] = _first_line(exc)
    if facts["cuda_available"]:
        for index in range(torch.cuda.device_count()):
            props = torch.cuda.get_device_properties(index)
            gpu = {"name": props.name, "memory": props.total_memory,
                   "capability": f"{props.major}.{props.minor}"}
            try:
                gpu["free"] = torch.cuda.mem_get_info(index)[0]
            except Exception:
                pass
            facts["gpus"].append(gpu)
    facts["driver"] = None
    if not brief:
        from torch.utils import collect_env

        try:
            info = collect_env.get_env_info()._asdict()
        except Exception as exc:
            facts["collect_env_error"] = _first_line(exc)
        else:
            facts["collect_env"] = {k: v for k, v in info.items() if isinstance(v, (str, bool, int, type(None)))}
            facts["driver"] = info.get("nvidia_driver_version")
    return facts


def main(argv):
    brief = "--brief" in argv
    facts = {"python": sys.version.split()[0], "executable": sys.executable, "memory": memory()}
    found = packages()
    facts["packages"] = found
    try:
        import torch
    except Exception as exc:
        facts["torch_error"] = _first_line(exc)
        facts["problems"] = [f"torch cannot be imported here: {facts['torch_error']}"]
    else:
        facts.update(torch_facts(torch, brief))
        facts["problems"] = mismatches(found, facts)
    if os.environ.get("CUDA_VISIBLE_DEVICES") is not None:
        facts["cuda_visible_devices"] = os.environ["CUDA_VISIBLE_DEVICES"]
    sys.stdout.write(json.dumps(facts) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
