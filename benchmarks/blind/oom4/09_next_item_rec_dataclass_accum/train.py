import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from config import TrainConfig


class NextItemModel(nn.Module):
    """session-based next-item prediction: attention-pooled history -> scores over the catalogue"""

    def __init__(self, cfg):
        super().__init__()
        self.items = nn.Embedding(cfg.n_items, cfg.emb_dim, padding_idx=0)
        self.pos = nn.Embedding(cfg.history_len, cfg.emb_dim)
        self.att = nn.Linear(cfg.emb_dim, 1)
        self.proj = nn.Sequential(nn.Linear(cfg.emb_dim, cfg.emb_dim), nn.Tanh())

    def forward(self, hist):
        h = self.items(hist) + self.pos.weight[None]
        w = self.att(h).squeeze(-1).masked_fill(hist == 0, -1e9).softmax(-1)
        user = self.proj((w.unsqueeze(-1) * h).sum(1))
        return user @ self.items.weight.t()


def make_sessions(cfg, n, seed):
    g = torch.Generator().manual_seed(seed)
    start = torch.randint(1, cfg.n_items - cfg.history_len - 2, (n, 1), generator=g)
    seq = start + torch.arange(cfg.history_len + 1)
    drop = torch.rand(n, cfg.history_len, generator=g) < 0.1
    hist = seq[:, :-1].masked_fill(drop, 0)
    return hist, seq[:, -1]


def recall_at_k(model, hist, target, k=20):
    model.eval()
    hits = 0
    with torch.no_grad():
        for i in range(0, len(hist), 256):
            topk = model(hist[i:i + 256]).topk(k, dim=1).indices
            hits += (topk == target[i:i + 256, None]).any(1).sum().item()
    model.train()
    return hits / len(hist)


def main(cfg=TrainConfig()):
    torch.manual_seed(cfg.seed)
    tr_hist, tr_y = make_sessions(cfg, cfg.n_train, 1)
    va_hist, va_y = make_sessions(cfg, cfg.n_val, 2)
    model = NextItemModel(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    n_micro = math.ceil(cfg.n_train / cfg.batch_size)
    opt_steps = cfg.epochs * math.ceil(n_micro / cfg.grad_accum_steps)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=opt_steps)
    print(cfg)

    for epoch in range(cfg.epochs):
        t0 = time.time()
        perm = torch.randperm(cfg.n_train)
        opt.zero_grad()
        total = 0.0
        for step in range(n_micro):
            idx = perm[step * cfg.batch_size:(step + 1) * cfg.batch_size]
            logits = model(tr_hist[idx])
            loss = F.cross_entropy(logits, tr_y[idx])
            (loss / cfg.grad_accum_steps).backward()
            total += loss.item()
            if (step + 1) % cfg.grad_accum_steps == 0 or step + 1 == n_micro:
                nn.utils.clip_grad_norm_(model.parameters(), cfg.max_grad_norm)
                opt.step()
                sched.step()
                opt.zero_grad()
        print(f"epoch {epoch}: loss {total / n_micro:.3f} recall@20 {recall_at_k(model, va_hist, va_y):.3f} "
              f"lr {sched.get_last_lr()[0]:.2e} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
