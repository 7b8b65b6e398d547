import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from glyphs.data.glyphs import GlyphDataset
from glyphs.engine.loop import fit
from glyphs.models.cnn import GlyphNet


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--eval-every", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args()

    dist.init_process_group(backend="gloo")
    torch.manual_seed(42)

    train_set, val_set = GlyphDataset(512, seed=0), GlyphDataset(128, seed=1)
    train_sampler = DistributedSampler(train_set, shuffle=True)
    val_sampler = DistributedSampler(val_set, shuffle=False)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, sampler=train_sampler)
    val_loader = DataLoader(val_set, batch_size=64, sampler=val_sampler)

    model = DDP(GlyphNet())
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    fit(model, optimizer, train_loader, val_loader, train_sampler, args.epochs, args.eval_every)

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
