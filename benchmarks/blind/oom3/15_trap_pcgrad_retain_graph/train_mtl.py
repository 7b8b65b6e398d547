"""Multi-task churn / LTV / next-category model with PCGrad."""
import random
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from pcgrad import PCGrad

N_USERS = 60000
N_FEATURES = 96
N_CATEGORIES = 40
BATCH = 2048
EPOCHS = 2


class MultiTaskNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Linear(N_FEATURES, 1024), nn.LayerNorm(1024), nn.GELU(), nn.Dropout(0.1),
            nn.Linear(1024, 1024), nn.LayerNorm(1024), nn.GELU(), nn.Dropout(0.1),
            nn.Linear(1024, 512), nn.GELU())
        self.churn = nn.Linear(512, 1)
        self.ltv = nn.Linear(512, 1)
        self.category = nn.Linear(512, N_CATEGORIES)

    def forward(self, x):
        h = self.trunk(x)
        return self.churn(h).squeeze(1), self.ltv(h).squeeze(1), self.category(h)


def make_users(g):
    x = torch.randn(N_USERS, N_FEATURES, generator=g)
    churn = (x[:, 0] + 0.5 * x[:, 1] + 0.3 * torch.randn(N_USERS, generator=g) > 0).float()
    ltv = F.softplus(x[:, 2] - x[:, 0]) * 10
    cat = (x[:, 3:8].argmax(1) * 8 + torch.randint(0, 8, (N_USERS,), generator=g)) % N_CATEGORIES
    return x, churn, ltv, cat


def main():
    random.seed(0)
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    x, churn, ltv, cat = make_users(g)
    n_train = int(0.9 * N_USERS)
    model = MultiTaskNet()
    base_opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    opt = PCGrad(base_opt)
    steps_per_epoch = n_train // BATCH
    sched = torch.optim.lr_scheduler.OneCycleLR(base_opt, max_lr=1e-3, total_steps=EPOCHS * steps_per_epoch)

    for epoch in range(EPOCHS):
        t0 = time.time()
        model.train()
        perm = torch.randperm(n_train, generator=g)
        for s in range(steps_per_epoch):
            idx = perm[s * BATCH:(s + 1) * BATCH]
            p_churn, p_ltv, p_cat = model(x[idx])
            losses = [F.binary_cross_entropy_with_logits(p_churn, churn[idx]),
                      F.huber_loss(p_ltv, ltv[idx]) / 10,
                      F.cross_entropy(p_cat, cat[idx])]
            opt.zero_grad()
            opt.pc_backward(losses)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            sched.step()
        model.eval()
        with torch.no_grad():
            pc, pl, pk = model(x[n_train:])
            auc_proxy = ((pc > 0).float() == churn[n_train:]).float().mean().item()
            mae = (pl - ltv[n_train:]).abs().mean().item()
            acc = (pk.argmax(1) == cat[n_train:]).float().mean().item()
        print(f"epoch {epoch}: churn acc {auc_proxy:.3f} ltv mae {mae:.2f} cat acc {acc:.3f} "
              f"({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
