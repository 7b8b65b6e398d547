import argparse
import gc
import logging

import torch
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from hubert.dataset import UnitsDataset, random_mask
from hubert.distributed import cleanup, setup
from hubert.model import HubertMini

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
logger = logging.getLogger("hubert")


def train(rank, world_size, args):
    setup(rank, world_size)
    device = torch.device(f"cuda:{rank}") if torch.cuda.is_available() else torch.device("cpu")
    torch.manual_seed(args.seed)

    model = HubertMini().to(device)
    model = DDP(model, device_ids=[rank] if device.type == "cuda" else None)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)

    dataset = UnitsDataset()
    sampler = DistributedSampler(dataset, drop_last=True)
    loader = DataLoader(dataset, batch_size=args.batch_size, sampler=sampler, drop_last=True)

    for epoch in range(1, args.epochs + 1):
        sampler.set_epoch(epoch)
        for step, (mels, units) in enumerate(loader):
            mels, units = mels.to(device), units.to(device)
            mask = random_mask(mels.size(0), mels.size(-1)).to(device)
            logits = model(mels, mask)
            loss = F.cross_entropy(logits[mask], units[mask])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if rank == 0 and step % 4 == 0:
                logger.info(f"epoch {epoch} step {step} masked-unit loss {loss.item():.3f}")
    cleanup()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Train HuBERT-mini.")
    parser.add_argument("--n-workers", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    mp.spawn(train, args=(args.n_workers, args), nprocs=args.n_workers, join=True)
    gc.collect()
