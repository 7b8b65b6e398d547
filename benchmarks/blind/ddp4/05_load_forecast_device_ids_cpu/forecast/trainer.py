import os
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class DDPTrainer:
    def __init__(self, model, train_set, epochs=2, batch_size=64, lr=2e-3):
        self.local_rank = int(os.environ["LOCAL_RANK"])
        self.rank = dist.get_rank()
        if torch.cuda.is_available():
            self.device = torch.device("cuda", self.local_rank)
        else:
            self.device = torch.device("cpu")
        model = model.to(self.device)
        self.model = DDP(model, device_ids=[self.local_rank], output_device=self.local_rank)
        self.sampler = DistributedSampler(train_set, shuffle=True)
        self.loader = DataLoader(train_set, batch_size=batch_size, sampler=self.sampler, drop_last=True)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.loss_fn = nn.SmoothL1Loss()
        self.epochs = epochs

    def _run_epoch(self, epoch):
        self.sampler.set_epoch(epoch)
        total, n = 0.0, 0
        for x, y in self.loader:
            x, y = x.to(self.device), y.to(self.device)
            self.opt.zero_grad()
            loss = self.loss_fn(self.model(x), y)
            loss.backward()
            self.opt.step()
            total += loss.item()
            n += 1
        return total / max(n, 1)

    def train(self):
        for epoch in range(self.epochs):
            t0 = time.time()
            loss = self._run_epoch(epoch)
            if self.rank == 0:
                print(f"[GPU{self.local_rank}] epoch {epoch} | loss {loss:.4f} | {time.time() - t0:.1f}s", flush=True)
