import hashlib

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class MFTrainer:
    def __init__(self, model, dataset, batch_size=64, lr=0.05, seed=0):
        self.rank = dist.get_rank()
        self.model = DDP(model)
        self.sampler = DistributedSampler(dataset, shuffle=True, seed=seed)
        self.loader = DataLoader(dataset, batch_size=batch_size, sampler=self.sampler)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)

    def train_epoch(self, epoch):
        seen = []
        total = torch.zeros(2)
        for idx, u, i, r in self.loader:
            loss = F.mse_loss(self.model(u, i), r)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            seen.append(idx)
            total += torch.tensor([loss.item() * len(r), len(r)])
        dist.all_reduce(total)
        digest = hashlib.md5(torch.cat(seen).numpy().tobytes()).hexdigest()[:12]
        return (total[0] / total[1]).item(), digest

    def fit(self, epochs):
        for epoch in range(epochs):
            mse, digest = self.train_epoch(epoch)
            if self.rank == 0:
                print(f"epoch {epoch} mse {mse:.4f} order-digest {digest}", flush=True)
