import argparse
import time

import torch
import torch.nn.functional as F

from encoder import IntentEncoder


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--n-train", type=int, default=192)
    ap.add_argument("--seq-len", type=int, default=256)
    ap.add_argument("--vocab", type=int, default=5000)
    ap.add_argument("--n-intents", type=int, default=12)
    ap.add_argument("--lr", type=float, default=5e-4)
    return ap.parse_args()


def make_dataset(n, seq_len, vocab, n_intents, g):
    y = torch.randint(0, n_intents, (n,), generator=g)
    ids = torch.randint(1, vocab, (n, seq_len), generator=g)
    keyword = 1 + y * 20
    ids[:, :8] = keyword[:, None] + torch.randint(0, 20, (n, 8), generator=g)
    return ids, y


def cluster_stats(emb, labels, n_classes):
    emb = F.normalize(emb, dim=1)
    cents = torch.stack([emb[labels == c].mean(0) if (labels == c).any() else torch.zeros(emb.size(1))
                         for c in range(n_classes)])
    intra = (emb - cents[labels]).norm(dim=1).mean()
    inter = torch.pdist(F.normalize(cents, dim=1)).mean()
    return intra.item(), inter.item()


def main():
    args = get_args()
    g = torch.Generator().manual_seed(11)
    torch.manual_seed(11)
    ids, labels = make_dataset(args.n_train, args.seq_len, args.vocab, args.n_intents, g)
    model = IntentEncoder(args.vocab, args.n_intents, max_len=args.seq_len)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.7)

    for epoch in range(args.epochs):
        t0 = time.time()
        model.train()
        epoch_emb, epoch_lab = [], []
        perm = torch.randperm(args.n_train, generator=g)
        correct = 0
        for s in range(0, args.n_train, args.batch_size):
            idx = perm[s:s + args.batch_size]
            logits, z = model(ids[idx])
            loss = F.cross_entropy(logits, labels[idx])
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            correct += (logits.argmax(1) == labels[idx]).sum().item()
            epoch_emb.append(z)
            epoch_lab.append(labels[idx])
        sched.step()
        intra, inter = cluster_stats(torch.cat(epoch_emb), torch.cat(epoch_lab), args.n_intents)
        print(f"epoch {epoch}: loss {loss.item():.3f} acc {correct / args.n_train:.3f} "
              f"intra {intra:.3f} inter {inter:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
