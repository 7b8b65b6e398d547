import torch
import torch.nn.functional as F

from ctr.data import get_loader
from ctr.model import PairwiseCrossNet


def train(cfg):
    torch.manual_seed(cfg.seed)
    loader = get_loader(cfg)
    model = PairwiseCrossNet(cfg.num_features, cfg.proj_dim, cfg.hidden, cfg.dropout)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=cfg.step_size, gamma=cfg.gamma)
    for epoch in range(cfg.epochs):
        model.train()
        tot, n = 0.0, 0
        opt.zero_grad()
        for i, (x, y) in enumerate(loader):
            loss = F.binary_cross_entropy_with_logits(model(x), y)
            (loss / cfg.accum_steps).backward()
            if (i + 1) % cfg.accum_steps == 0 or (i + 1) == len(loader):
                opt.step()
                opt.zero_grad()
            tot += loss.item() * len(y)
            n += len(y)
        sched.step()
        print(f"epoch {epoch} logloss {tot / n:.4f} lr {sched.get_last_lr()[0]:.1e}")
