import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from .utils.distributed import is_main


class Trainer:
    def __init__(self, model, dataset, cfg, rank, world_size):
        self.model = model
        self.cfg = cfg
        self.sampler = DistributedSampler(dataset, num_replicas=world_size, rank=rank)
        self.loader = DataLoader(dataset, batch_size=cfg.batch_size, sampler=self.sampler)
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.global_step = 0

    def training_step(self, batch):
        noisy, clean, sigma = batch
        use_aux = self.global_step % self.cfg.aux_every == 0
        if use_aux:
            pred, sigma_hat = self.model(noisy, with_aux=True)
            loss = F.mse_loss(pred, clean) + self.cfg.aux_weight * F.mse_loss(sigma_hat, sigma)
        else:
            pred = self.model(noisy)
            loss = F.mse_loss(pred, clean)
        return loss

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.sampler.set_epoch(epoch)
            self.model.train()
            for batch in self.loader:
                loss = self.training_step(batch)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                if is_main() and self.global_step % 5 == 0:
                    print(f"[epoch {epoch}] step {self.global_step} loss={loss.item():.5f}", flush=True)
                self.global_step += 1
