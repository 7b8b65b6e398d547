import contextlib
import json
import os

import torch
import torch.distributed as dist

CORPUS = (
    "the quick brown fox jumps over the lazy dog. "
    "pack my box with five dozen liquor jugs. "
    "how vexingly quick daft zebras jump! "
) * 40


@contextlib.contextmanager
def main_process_first(rank):
    """Non-zero ranks wait until rank 0 has finished the body, then run it themselves."""
    if rank != 0:
        dist.barrier()
    yield
    if rank == 0:
        dist.barrier()


def build_or_load(cache_dir, rank):
    path = os.path.join(cache_dir, "tokens.pt")
    with main_process_first(rank):
        if not os.path.exists(path):
            os.makedirs(cache_dir, exist_ok=True)
            vocab = sorted(set(CORPUS))
            ids = torch.tensor([vocab.index(c) for c in CORPUS])
            torch.save(ids, path + ".tmp")
            os.replace(path + ".tmp", path)
            with open(os.path.join(cache_dir, "vocab.json"), "w") as f:
                json.dump(vocab, f)
        ids = torch.load(path)
        with open(os.path.join(cache_dir, "vocab.json")) as f:
            vocab = json.load(f)
    return ids, vocab
