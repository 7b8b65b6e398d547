import torch
import torch.nn.functional as F

from retrieval.metrics import recall_at_k


def info_nce(za, zb, t):
    logits = za @ zb.T / t
    labels = torch.arange(len(za))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def fit(enc, train, gallery, args):
    opt = torch.optim.Adam(enc.parameters(), lr=1e-3)
    xa, xb = train
    for epoch in range(args.epochs):
        enc.train()
        perm = torch.randperm(len(xa))
        for s in range(0, len(xa), args.batch_size):
            idx = perm[s:s + args.batch_size]
            loss = info_nce(enc(xa[idx]), enc(xb[idx]), args.temperature)
            opt.zero_grad()
            loss.backward()
            opt.step()
        enc.eval()
        with torch.no_grad():
            r = recall_at_k(enc(gallery[0]), enc(gallery[1]))
        print(f"epoch {epoch} loss {loss.item():.3f} R@1 {r[1]:.3f} R@5 {r[5]:.3f}")
