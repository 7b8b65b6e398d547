import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, cfg, model, dataset, device):
        self.cfg = cfg
        self.model = model
        self.device = device
        self.rank = dist.get_rank()
        self.sampler = DistributedSampler(dataset, shuffle=True, seed=cfg.seed)
        self.loader = DataLoader(dataset, batch_size=cfg.batch_size, sampler=self.sampler, drop_last=True)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.global_step = 0

    def train_step(self, images, masks):
        use_aux = self.global_step % self.cfg.aux_every == 0
        if use_aux:
            out, aux = self.model(images, with_aux=True)
            loss = F.cross_entropy(out, masks) + self.cfg.aux_weight * F.cross_entropy(aux, masks)
        else:
            out = self.model(images)
            loss = F.cross_entropy(out, masks)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        self.optimizer.step()
        return loss.detach()

    @torch.no_grad()
    def pixel_acc(self, images, masks):
        pred = self.model(images).argmax(1)
        return (pred == masks).float().mean()

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.sampler.set_epoch(epoch)
            self.model.train()
            for images, masks in self.loader:
                images, masks = images.to(self.device), masks.to(self.device)
                loss = self.train_step(images, masks)
                if self.rank == 0 and self.global_step % self.cfg.log_interval == 0:
                    print(f"[ep {epoch}] step {self.global_step} loss {loss.item():.4f}", flush=True)
                self.global_step += 1
            if self.rank == 0:
                print(f"[ep {epoch}] last-batch pixel acc {self.pixel_acc(images, masks).item():.3f}", flush=True)
