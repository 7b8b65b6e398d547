import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from metrics import knn_accuracy


class EmbedNet(nn.Module):
    def __init__(self, in_dim=512, emb_dim=128, n_ids=500):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, 512), nn.BatchNorm1d(512), nn.ReLU(),
                                      nn.Linear(512, emb_dim))
        self.arc = nn.Linear(emb_dim, n_ids, bias=False)

    def forward(self, x):
        return self.backbone(x)


def cosface_loss(model, emb, y, s=30.0, m=0.35):
    cos = F.linear(F.normalize(emb), F.normalize(model.arc.weight))
    onehot = F.one_hot(y, cos.size(1)).float()
    return F.cross_entropy(s * (cos - m * onehot), y)


def make_data(n, n_ids, in_dim, seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(n_ids, in_dim, generator=torch.Generator().manual_seed(0))
    y = torch.randint(0, n_ids, (n,), generator=g)
    x = centers[y] + 0.8 * torch.randn(n, in_dim, generator=g)
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--n-ids", type=int, default=500)
    ap.add_argument("--n-gallery", type=int, default=6000)
    args = ap.parse_args()
    torch.manual_seed(0)

    xtr, ytr = make_data(8192, args.n_ids, 512, 1)
    xga, yga = make_data(args.n_gallery, args.n_ids, 512, 2)
    model = EmbedNet(n_ids=args.n_ids)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)

    for epoch in range(args.epochs):
        t0 = time.time()
        model.train()
        perm = torch.randperm(len(xtr))
        running = 0.0
        for i in range(0, len(xtr), args.batch_size):
            idx = perm[i:i + args.batch_size]
            loss = cosface_loss(model, model(xtr[idx]), ytr[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        sched.step()

        model.eval()
        with torch.no_grad():
            emb = torch.cat([model(xga[i:i + 1024]) for i in range(0, len(xga), 1024)])
        acc = knn_accuracy(emb, yga)
        print(f"epoch {epoch} loss {running / (len(xtr) // args.batch_size):.3f} knn@5 {acc:.3f} "
              f"({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
