import hashlib
import json
import os

import torch


def _sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def save(path, model, opt, sched, scaler, step):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                "scaler": scaler.state_dict(), "step": step}, path)
    with open(path + ".json", "w") as f:
        json.dump({"step": step, "bytes": os.path.getsize(path), "sha256": _sha256(path)}, f)


def load_verified(path, model, opt, sched, scaler):
    """Resume exactly where the run stopped. The sidecar .json is written after the checkpoint
    itself, so a mismatch means the checkpoint file was damaged after it was saved."""
    with open(path + ".json") as f:
        meta = json.load(f)
    size, digest = os.path.getsize(path), _sha256(path)
    if size != meta["bytes"] or digest != meta["sha256"]:
        raise RuntimeError(
            f"checkpoint {path} does not match its sidecar (step {meta['step']}: expected {meta['bytes']} bytes, "
            f"sha256 {meta['sha256'][:12]}…; found {size} bytes, sha256 {digest[:12]}…). It is corrupt — restore it "
            "from the backup copy. Not restarting from scratch: the LR schedule, scaler state and data order "
            "of this run depend on the saved step.")
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict(ckpt["model"])
    opt.load_state_dict(ckpt["opt"])
    sched.load_state_dict(ckpt["sched"])
    scaler.load_state_dict(ckpt["scaler"])
    return ckpt["step"]
