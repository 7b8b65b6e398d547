"""Builds a small noisy / clean speech-like dataset under egs/ (16 kHz wav files).
The recordings were made with a stereo recorder, so every file has two channels."""
import os
import wave

import numpy as np


def write_wav(path, data, sr=16000):
    data = np.clip(data, -1, 1)
    if data.ndim == 1:
        data = data[None]
    ch = data.shape[0]
    pcm = (data.T * 32767).astype(np.int16)
    with wave.open(path, "wb") as w:
        w.setnchannels(ch)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes(pcm.tobytes())


def main(root="egs/valentini_small", n=18, sr=16000, seconds=1.0, seed=0):
    rng = np.random.RandomState(seed)
    for split in ("tr", "cv"):
        for kind in ("noisy", "clean"):
            os.makedirs(os.path.join(root, split, kind), exist_ok=True)
    t = np.arange(int(sr * seconds)) / sr
    for i in range(n):
        split = "cv" if i % 6 == 0 else "tr"
        f0 = rng.uniform(100, 250)
        env = 0.5 * (1 + np.sin(2 * np.pi * rng.uniform(2, 5) * t))
        clean = env * sum(np.sin(2 * np.pi * f0 * k * t) / k for k in range(1, 6)) * 0.3
        noisy = clean + 0.05 * rng.randn(len(t))
        name = "p%03d_%03d.wav" % (232 + i % 3, i)
        # stereo recorder: same signal on both channels, slight offset between the microphones
        clean = np.stack([clean, np.roll(clean, 3)])
        noisy = np.stack([noisy, np.roll(noisy, 3)])
        write_wav(os.path.join(root, split, "clean", name), clean, sr)
        write_wav(os.path.join(root, split, "noisy", name), noisy, sr)


if __name__ == "__main__":
    main()
