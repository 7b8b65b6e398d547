import json
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from .data import ActivationStream
from .sae import SparseCoder


class SaeTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.rank = dist.get_rank() if dist.is_initialized() else 0
        torch.manual_seed(0)
        self.sae = SparseCoder(cfg.d_in, cfg.d_in * cfg.expansion_factor, cfg.k)
        self.model = DDP(self.sae) if dist.is_initialized() else self.sae
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.stream = ActivationStream(cfg.d_in, rank=self.rank)
        self.global_step = 0

    def fit(self):
        for step in range(1, self.cfg.steps + 1):
            x = self.stream.next_batch(self.cfg.batch_size)
            _, fvu = self.model(x)
            self.optimizer.zero_grad()
            fvu.backward()
            self.optimizer.step()
            with torch.no_grad():
                self.sae.W_dec.data = torch.nn.functional.normalize(self.sae.W_dec.data, dim=-1)
            self.global_step = step
            if self.rank == 0 and step % 5 == 0:
                print(f"step {step} fvu {fvu.item():.4f}", flush=True)
            if step % self.cfg.save_every == 0:
                self.save()

    def save(self):
        """Save the SAEs to disk."""
        if self.rank != 0:
            return

        path = os.path.join(self.cfg.save_dir, self.cfg.run_name)
        os.makedirs(path, exist_ok=True)
        torch.save(self.sae.state_dict(), os.path.join(path, "sae.pt"))
        with open(os.path.join(path, "state.json"), "w") as f:
            json.dump({"global_step": self.global_step, **vars(self.cfg)}, f)

        # Barrier to ensure all ranks have saved before continuing
        if dist.is_initialized():
            dist.barrier()
