import argparse
import gc

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from deblur.data.sampler import DistributedEvalSampler
from deblur.data.synthetic import BlurPairs
from deblur.model.resnet import DeblurNet
from deblur.utils.metrics import validate


def main(args):
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)

    train_set, val_set = BlurPairs(256, seed=0), BlurPairs(args.n_val, seed=1)
    train_sampler = DistributedSampler(train_set)
    train_loader = DataLoader(train_set, batch_size=16, sampler=train_sampler)
    val_loader = DataLoader(val_set, batch_size=4, sampler=DistributedEvalSampler(val_set))

    model = DDP(DeblurNet())
    optim = torch.optim.Adam(model.parameters(), lr=1e-3)

    for epoch in range(args.n_epochs):
        train_sampler.set_epoch(epoch)
        for blur, sharp in train_loader:
            loss = F.l1_loss(model(blur), sharp)
            optim.zero_grad()
            loss.backward()
            optim.step()
        val_psnr = validate(model.module, val_loader)
        if rank == 0:
            print(f"[Epoch {epoch}] train L1 {loss.item():.4f}  val PSNR {val_psnr:.2f} dB", flush=True)

    dist.destroy_process_group()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n-epochs", type=int, default=10)
    parser.add_argument("--n-val", type=int, default=100)
    main(parser.parse_args())
    gc.collect()
