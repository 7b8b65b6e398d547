import numpy as np

SIDE = 16

SEGMENTS = {  # seven-segment style glyphs
    0: "abcdef", 1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc",
    5: "afgcd", 6: "afgedc", 7: "abc", 8: "abcdefg", 9: "abcdfg",
}


def _draw(digit, rng):
    img = np.zeros((SIDE, SIDE), dtype=np.float32)
    l, r, t, m, b = 4, 11, 2, 8, 13
    th = int(rng.integers(1, 3))
    seg = {
        "a": (slice(t, t + th), slice(l, r + 1)), "g": (slice(m, m + th), slice(l, r + 1)),
        "d": (slice(b, b + th), slice(l, r + 1)), "f": (slice(t, m + 1), slice(l, l + th)),
        "b": (slice(t, m + 1), slice(r, r + th)), "e": (slice(m, b + 1), slice(l, l + th)),
        "c": (slice(m, b + 1), slice(r, r + th)),
    }
    for s in SEGMENTS[digit]:
        img[seg[s]] = 1.0
    img = np.roll(img, tuple(rng.integers(-2, 3, size=2)), axis=(0, 1))
    img = np.clip(img + rng.normal(0, 0.25, img.shape), 0, 1)
    return (img * 255).astype(np.uint8)


def write_train_csv(path, n=600, seed=0):
    rng = np.random.default_rng(seed)
    header = "label," + ",".join(f"pixel{i}" for i in range(SIDE * SIDE))
    with open(path, "w") as f:
        f.write(header + "\n")
        for _ in range(n):
            d = int(rng.integers(10))
            f.write(str(d) + "," + ",".join(map(str, _draw(d, rng).ravel())) + "\n")
