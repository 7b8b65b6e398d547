import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from sae.activations import FakeActivationStream
from sae.model import TopKSae


class SaeTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.rank = dist.get_rank()
        torch.manual_seed(cfg.seed)
        self.sae = TopKSae(cfg.d_in, cfg.d_in * cfg.expansion, cfg.k)
        self.ddp = DDP(self.sae)
        self.opt = torch.optim.Adam(self.ddp.parameters(), lr=cfg.lr)
        self.stream = FakeActivationStream(cfg.d_in, seed=cfg.seed + self.rank)

    def save(self, step):
        """Save the SAE weights (rank 0 writes, everyone waits until the file is there)."""
        if self.rank == 0:
            os.makedirs(self.cfg.save_dir, exist_ok=True)
            path = os.path.join(self.cfg.save_dir, f"sae_step{step}.pt")
            torch.save({"step": step, "sae": self.sae.state_dict()}, path)
            print(f"saved {path}")

        # Barrier to ensure all processes have saved before continuing
        dist.barrier()

    def fit(self):
        for step in range(1, self.cfg.steps + 1):
            x = self.stream.next_batch(self.cfg.batch_size)
            recon, _ = self.ddp(x)
            loss = (recon - x).pow(2).sum(-1).mean() / x.pow(2).sum(-1).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if self.rank == 0 and step % 10 == 0:
                print(f"step {step} fvu {loss.item():.4f}")
            if step % self.cfg.save_every == 0:
                self.save(step)
