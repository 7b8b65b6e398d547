import os
import numpy as np

CHARS = "2345678bcdefgmnpwxy"


def _glyphs(seed=7):
    rng = np.random.RandomState(seed)
    return {c: (rng.rand(16, 10) > 0.55).astype(np.uint8) for c in CHARS}


def make_captchas(out_dir, n=64, seed=0):
    """writes captcha-like images (H x W x 3 uint8 .npy) named after their text.
    Most captchas have 5 characters, some have 4 (like the dataset in the report)."""
    os.makedirs(out_dir, exist_ok=True)
    if len(os.listdir(out_dir)) > 0:
        return
    rng = np.random.RandomState(seed)
    g = _glyphs()
    for i in range(n):
        length = 5 if rng.rand() < 0.8 else 4
        text = "".join(rng.choice(list(CHARS), length))
        img = rng.randint(180, 255, size=(40, 120)).astype(np.uint8)
        x = 6
        for c in text:
            y = rng.randint(6, 18)
            img[y:y + 16, x:x + 10][g[c] == 1] = rng.randint(0, 60)
            x += 10 + rng.randint(8, 14)
        img = np.stack([img] * 3, -1)
        np.save(os.path.join(out_dir, f"{text}_{i}.npy"), img)
