import os

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

from .model import elbo_loss


class Trainer:
    def __init__(self, model, data, rank, world_size, epochs, batch_size, lr, out_dir="samples"):
        self.model = model
        self.rank = rank
        self.epochs = epochs
        self.out_dir = out_dir
        ds = TensorDataset(data)
        self.sampler = DistributedSampler(ds, num_replicas=world_size, rank=rank)
        self.loader = DataLoader(ds, batch_size=batch_size, sampler=self.sampler)
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def train_epoch(self, epoch):
        self.sampler.set_epoch(epoch)
        self.model.train()
        tot = 0.0
        for (x,) in self.loader:
            logits, mu, logvar = self.model(x)
            loss, rec, kld = elbo_loss(logits, x, mu, logvar)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            tot += loss.item()
        return tot / len(self.loader)

    def save_samples(self, epoch):
        os.makedirs(self.out_dir, exist_ok=True)
        samples = self.model.sample(16)
        torch.save(samples, os.path.join(self.out_dir, f"epoch_{epoch:02d}.pt"))

    def fit(self):
        for epoch in range(self.epochs):
            loss = self.train_epoch(epoch)
            if self.rank == 0:
                print(f"epoch {epoch} -elbo {loss:.2f}", flush=True)
                self.save_samples(epoch)
