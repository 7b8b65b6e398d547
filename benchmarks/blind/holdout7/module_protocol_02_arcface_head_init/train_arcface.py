import argparse
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader

from metric.backbone import EmbeddingNet
from metric.data import IdentityImages, make_prototypes
from metric.heads import ArcMarginProduct
from metric.sampler import PKBatchSampler

HERE = Path(__file__).resolve().parent


@torch.no_grad()
def embed(model, loader):
    model.eval()
    embs, labels = [], []
    for x, y in loader:
        embs.append(model(x))
        labels.append(y)
    return torch.cat(embs), torch.cat(labels)


@torch.no_grad()
def top1_retrieval(gallery, g_lab, query, q_lab):
    sims = query @ gallery.T
    return (g_lab[sims.argmax(1)] == q_lab).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-ids", type=int, default=24)
    ap.add_argument("--per-id", type=int, default=12)
    ap.add_argument("--img", type=int, default=32)
    ap.add_argument("--emb-dim", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--p", type=int, default=8)
    ap.add_argument("--k", type=int, default=4)
    ap.add_argument("--lr", type=float, default=2e-3)
    args = ap.parse_args()
    torch.manual_seed(0)
    rng = np.random.default_rng(0)

    protos = make_prototypes(args.n_ids, args.img, rng)
    ids = list(range(args.n_ids))
    train_ds = IdentityImages(protos, ids, args.per_id, seed=1)
    gallery_ds = IdentityImages(protos, ids, 2, seed=2)
    query_ds = IdentityImages(protos, ids, 3, seed=3)

    train_dl = DataLoader(train_ds, batch_sampler=PKBatchSampler(train_ds.labels, args.p, args.k))
    gallery_dl = DataLoader(gallery_ds, batch_size=64)
    query_dl = DataLoader(query_ds, batch_size=64)

    model = EmbeddingNet(args.emb_dim)
    head = ArcMarginProduct(args.emb_dim, args.n_ids)
    optimizer = torch.optim.Adam([{"params": model.parameters()},
                                  {"params": head.parameters(), "lr": args.lr * 10}], lr=args.lr)
    criterion = torch.nn.CrossEntropyLoss()

    for epoch in range(args.epochs):
        model.train()
        losses = []
        for x, y in train_dl:
            optimizer.zero_grad()
            loss = criterion(head(model(x), y), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        g, gl = embed(model, gallery_dl)
        q, ql = embed(model, query_dl)
        print(f"epoch {epoch + 1}: arcface loss {np.mean(losses):.3f}  top1 {top1_retrieval(g, gl, q, ql):.3f}")

    ckpt_dir = HERE / "checkpoints"
    ckpt_dir.mkdir(exist_ok=True)
    torch.save({"backbone": model.state_dict(), "head": head.state_dict()}, ckpt_dir / "arcface_last.pt")


if __name__ == "__main__":
    main()
