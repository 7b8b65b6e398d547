"""Stage 0: dump precomputed MFCC-like features to disk (stand-in for the real extractor)."""
from pathlib import Path
import json
import numpy as np

KEYWORDS = ["yes", "no", "up", "down", "left", "right", "stop", "go"]
N_MFCC = 40
N_FRAMES = 64


def extract_all(out_dir: Path, n_per_class: int = 40, seed: int = 3):
    out_dir.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    manifest = []
    for label, word in enumerate(KEYWORDS):
        prototype = rng.normal(0, 1, size=(N_MFCC, 1))
        for k in range(n_per_class):
            feats = prototype + 0.8 * rng.normal(0, 1, size=(N_MFCC, N_FRAMES))
            fname = f"{word}_{k:03d}.npy"
            np.save(out_dir / fname, feats)
            manifest.append({"file": fname, "label": label})
    (out_dir / "manifest.json").write_text(json.dumps(manifest))
    return out_dir / "manifest.json"
