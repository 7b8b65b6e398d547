import math
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from config import TrainConfig
from ft_transformer import FTTransformer


def make_data(cfg, n, gen):
    x_num = torch.randn(n, cfg.n_num, generator=gen)
    x_cat = torch.stack([torch.randint(0, c, (n,), generator=gen) for c in cfg.cat_cardinalities], 1)
    logit = x_num[:, :5].sum(1) - 0.5 * x_num[:, 5:10].sum(1) + (x_cat[:, 0] % 3 - 1).float()
    y = (torch.rand(n, generator=gen) < torch.sigmoid(logit)).float()
    return TensorDataset(x_num, x_cat, y)


def main():
    cfg = TrainConfig()
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    train_ds = make_data(cfg, cfg.n_rows, gen)
    valid_ds = make_data(cfg, cfg.n_valid, gen)
    train_dl = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    valid_dl = DataLoader(valid_ds, batch_size=256)

    model = FTTransformer(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    updates_per_epoch = math.ceil(len(train_dl) / cfg.grad_accum_steps)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.epochs * updates_per_epoch)
    print(f"{sum(p.numel() for p in model.parameters())} params, effective batch "
          f"{cfg.batch_size * cfg.grad_accum_steps}, {updates_per_epoch} updates/epoch")

    for epoch in range(cfg.epochs):
        t0 = time.time()
        model.train()
        opt.zero_grad()
        for i, (xn, xc, y) in enumerate(train_dl):
            loss = F.binary_cross_entropy_with_logits(model(xn, xc), y)
            (loss / cfg.grad_accum_steps).backward()
            if (i + 1) % cfg.grad_accum_steps == 0 or i + 1 == len(train_dl):
                opt.step()
                sched.step()
                opt.zero_grad()
        model.eval()
        tot, correct = 0.0, 0
        with torch.no_grad():
            for xn, xc, y in valid_dl:
                logits = model(xn, xc)
                tot += F.binary_cross_entropy_with_logits(logits, y, reduction="sum").item()
                correct += ((logits > 0).float() == y).sum().item()
        print(f"epoch {epoch} valid_loss {tot / len(valid_ds):.4f} acc {correct / len(valid_ds):.3f} "
              f"lr {sched.get_last_lr()[0]:.2e} {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
