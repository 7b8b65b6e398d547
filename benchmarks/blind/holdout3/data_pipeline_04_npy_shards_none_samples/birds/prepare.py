import json
import os

import numpy as np

SPECIES = ["robin", "wren", "blackbird", "chiffchaff"]


def export_clips(root, n=320, n_mels=32, frames=64, seed=0):
    """Write one log-mel patch per clip plus a manifest; like a real export, a
    handful of clips end up as empty files (interrupted uploads)."""
    clip_dir = os.path.join(root, "clips")
    os.makedirs(clip_dir, exist_ok=True)
    rng = np.random.default_rng(seed)
    manifest = []
    broken = set(rng.choice(n, size=5, replace=False).tolist())
    for i in range(n):
        label = int(rng.integers(len(SPECIES)))
        path = os.path.join(clip_dir, f"clip_{i:04d}.npy")
        if i in broken:
            open(path, "wb").close()
        else:
            mel = rng.normal(0, 1, (n_mels, frames))
            band = 4 + 6 * label
            mel[band:band + 4] += 3.0 * np.abs(np.sin(np.linspace(0, (label + 1) * np.pi, frames)))
            np.save(path, mel.astype(np.float32))
        manifest.append({"path": os.path.relpath(path, root), "species": SPECIES[label]})
    with open(os.path.join(root, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    return os.path.join(root, "manifest.json")
