import os

import torch


class SiameseTrainer:
    def __init__(self, net, criterion, optimizer, loader, ckpt_dir, log_every=20):
        self.net = net
        self.criterion = criterion
        self.optimizer = optimizer
        self.loader = loader
        self.ckpt_dir = ckpt_dir
        self.log_every = log_every
        self.global_step = 0

    def train_epoch(self, epoch):
        self.net.train()
        for a, b, same in self.loader:
            dist = self.net(a, b)
            loss = self.criterion(dist, same)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            if self.global_step % self.log_every == 0:
                print(f"epoch {epoch} step {self.global_step} loss {loss.item():.4f}")
            self.global_step += 1

    @torch.no_grad()
    def verification_accuracy(self, x, y, threshold=0.7):
        self.net.eval()
        e = self.net.embed(x)
        d = torch.cdist(e, e)
        same = y[:, None] == y[None, :]
        pred = d < threshold
        off_diag = ~torch.eye(len(y), dtype=torch.bool)
        return (pred == same)[off_diag].float().mean().item()

    @torch.no_grad()
    def identification_accuracy(self, gallery_x, gallery_y, probe_x, probe_y):
        self.net.eval()
        g = self.net.embed(gallery_x)
        p = self.net.embed(probe_x)
        nearest = torch.cdist(p, g).argmin(1)
        return (gallery_y[nearest] == probe_y).float().mean().item()

    def save(self, tag):
        os.makedirs(self.ckpt_dir, exist_ok=True)
        torch.save(self.net.state_dict(), os.path.join(self.ckpt_dir, f"siamese_{tag}.pt"))
