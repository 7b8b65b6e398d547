import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from digits.evaluate import accuracy
from digits.glyphs import SegmentDigits
from digits.models.cnn import DigitCNN
from digits.utils.checkpoint import load_weights, save_checkpoint


def main(args):
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(42)

    train_ds, val_ds, test_ds = SegmentDigits(800, 1), SegmentDigits(200, 2), SegmentDigits(200, 3)
    sampler = DistributedSampler(train_ds, num_replicas=world, rank=rank)
    train_dl = DataLoader(train_ds, batch_size=32, sampler=sampler)
    val_dl = DataLoader(val_ds, batch_size=100)
    test_dl = DataLoader(test_ds, batch_size=100)

    model = DDP(DigitCNN())
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    best = -1.0
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for x, y in train_dl:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            acc = accuracy(model.module, val_dl)
            print(f"epoch {epoch}: loss {loss.item():.3f} val_acc {acc:.3f}")
            if acc > best:
                best = acc
                save_checkpoint(model, opt, epoch, acc, args.out)
        dist.barrier()

    # final test with the best weights, on a plain (unwrapped) network
    net = DigitCNN()
    ep, acc = load_weights(net, f"{args.out}/best.pt")
    test_acc = accuracy(net, test_dl)
    if rank == 0:
        print(f"best epoch {ep} (val {acc:.3f}) -> test acc {test_acc:.3f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--out", default="checkpoints")
    main(p.parse_args())
    gc.collect()
