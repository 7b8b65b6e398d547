import csv
import os

import numpy as np


def export_features(hp):
    """Stand-in for an offline feature-extraction job: writes one log-mel .npy per utterance."""
    index = os.path.join(hp.feature_dir, "index.csv")
    if os.path.exists(index):
        return index
    os.makedirs(hp.feature_dir, exist_ok=True)
    rng = np.random.default_rng(hp.seed)
    frames_per_sec = 1000 // hp.hop_ms
    with open(index, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["path", "emotion", "speaker", "n_frames"])
        for i in range(hp.n_utterances):
            emo = int(rng.integers(len(hp.emotions)))
            n_frames = int(rng.uniform(hp.min_sec, hp.max_sec) * frames_per_sec)
            pitch_band = 8 + 5 * emo
            spec = rng.normal(-4, 1, (n_frames, hp.n_mels))
            spec[:, pitch_band:pitch_band + 4] += 3 + emo * 0.5 * np.sin(np.arange(n_frames) / (5 + emo))[:, None]
            name = f"utt{i:04d}.npy"
            np.save(os.path.join(hp.feature_dir, name), spec.astype(np.float32))
            w.writerow([name, hp.emotions[emo], f"spk{i % 12:02d}", n_frames])
    return index
