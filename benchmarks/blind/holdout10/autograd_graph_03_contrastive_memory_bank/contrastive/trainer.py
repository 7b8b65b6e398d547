import os
import time

import torch

from .loss import info_nce
from .memory import MemoryBank


class ContrastiveTrainer:
    def __init__(self, encoder, loader, args, out_dir):
        self.encoder = encoder
        self.loader = loader
        self.args = args
        self.out_dir = out_dir
        self.bank = MemoryBank(args.out_dim, size=args.queue_size, seed=args.seed)
        self.opt = torch.optim.SGD(encoder.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=args.epochs * len(loader))
        self.step = 0

    def train_epoch(self, epoch):
        self.encoder.train()
        running, t0 = 0.0, time.time()
        for view_a, view_b, _ in self.loader:
            q = self.encoder(view_a)
            k = self.encoder(view_b)
            loss = info_nce(q, k, self.bank.negatives(), self.args.temperature)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.sched.step()
            self.bank.enqueue(k)
            running += loss.item()
            self.step += 1
            if self.step % self.args.print_freq == 0:
                print(f"ep {epoch} step {self.step} loss {running / self.args.print_freq:.4f} "
                      f"lr {self.sched.get_last_lr()[0]:.4f} ({time.time() - t0:.1f}s)")
                running = 0.0

    @torch.no_grad()
    def knn_accuracy(self, x, y, k=5):
        self.encoder.eval()
        z = self.encoder.embed(x)
        sim = z @ z.t()
        sim.fill_diagonal_(-2.0)
        idx = sim.topk(k, dim=1).indices
        votes = y[idx]
        pred = torch.mode(votes, dim=1).values
        return (pred == y).float().mean().item()

    def save(self, name="encoder.pt"):
        os.makedirs(self.out_dir, exist_ok=True)
        torch.save({"encoder": self.encoder.state_dict(), "step": self.step},
                   os.path.join(self.out_dir, name))
