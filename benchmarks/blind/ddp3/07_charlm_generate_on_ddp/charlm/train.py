import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from charlm.corpus import TEXT, CharVocab
from charlm.model import CharGRU
from charlm.trainer import LMTrainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--steps-per-epoch", type=int, default=100)
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)

    vocab = CharVocab(TEXT)
    data = torch.tensor(vocab.encode(TEXT))
    model = DDP(CharGRU(len(vocab)))
    trainer = LMTrainer(model, vocab, data, rank=rank, world=world)

    for epoch in range(args.epochs):
        loss = trainer.train_epoch(args.steps_per_epoch)
        if rank == 0:
            print(f"epoch {epoch} loss {loss:.3f}", flush=True)
            print("  sample:", repr(trainer.sample()), flush=True)

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
