import hashlib
import json
import os

import torch


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def load_shards(root):
    """Load the feature shards listed in MANIFEST.json after checking their integrity.

    The shards are exported once from the raw recordings on the acquisition server; they
    cannot be regenerated here.
    """
    with open(os.path.join(root, "MANIFEST.json")) as f:
        manifest = json.load(f)
    parts = []
    for entry in manifest["shards"]:
        path = os.path.join(root, entry["file"])
        digest = _sha256(path)
        if digest != entry["sha256"] or os.path.getsize(path) != entry["bytes"]:
            raise RuntimeError(
                f"shard {path} failed its integrity check (expected sha256 {entry['sha256'][:12]}… / "
                f"{entry['bytes']} bytes, got {digest[:12]}… / {os.path.getsize(path)} bytes). "
                "The file is corrupt or truncated: re-copy it from the acquisition server.")
        parts.append(torch.load(path))
    return torch.cat(parts)
