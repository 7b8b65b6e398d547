import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, cfg, model, dataset, rank, world_size):
        self.cfg = cfg
        self.model = model
        self.rank = rank
        self.sampler = DistributedSampler(dataset, num_replicas=world_size, rank=rank,
                                          shuffle=True, seed=cfg.seed)
        self.loader = DataLoader(dataset, batch_size=cfg.batch_size, sampler=self.sampler)
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
        self.step = 0

    def train_step(self, x, y):
        use_aux = self.step % self.cfg.aux_every == 0
        logit, recon = self.model(x, with_aux=use_aux)
        loss = F.binary_cross_entropy_with_logits(logit, y)
        if use_aux:
            loss = loss + self.cfg.aux_weight * F.mse_loss(recon, x)
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.step += 1
        return loss.item()

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.sampler.set_epoch(epoch)
            self.model.train()
            losses = [self.train_step(x, y) for x, y in self.loader]
            if self.rank == 0:
                print(f"[epoch {epoch}] mean loss {sum(losses) / len(losses):.4f}")
