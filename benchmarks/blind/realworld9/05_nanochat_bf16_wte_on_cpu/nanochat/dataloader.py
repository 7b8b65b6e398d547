import numpy as np
import torch


def tokenizing_distributed_data_loader(B, T, split, vocab_size, device="cuda", seed=1337):
    """Stream of (inputs, targets) from a synthetic token shard (stand-in for the fineweb parquet shards)."""
    rng = np.random.default_rng(seed if split == "train" else seed + 1)
    # a cheap markov-ish stream so there is something to learn
    n_tokens = 200_000
    base = rng.integers(0, vocab_size, size=n_tokens // 4)
    tokens = np.repeat(base, 4)
    tokens = (tokens + np.tile(np.arange(4), n_tokens // 4)) % vocab_size
    tokens = torch.from_numpy(tokens.astype(np.int64))
    needed = B * T + 1
    pos = 0
    while True:
        if pos + needed > len(tokens):
            pos = 0
        buf = tokens[pos:pos + needed]
        pos += B * T
        inputs = buf[:-1].view(B, T).to(device)
        targets = buf[1:].view(B, T).to(device)
        yield inputs, targets
