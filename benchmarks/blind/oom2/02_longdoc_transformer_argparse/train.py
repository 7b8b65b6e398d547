import argparse
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from longdoc.tokens import build
from longdoc.model import DocClassifier
from longdoc.sched import warmup_cosine


def parse():
    p = argparse.ArgumentParser(description="long-document classifier")
    p.add_argument("--seq-len", type=int, default=512)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--n-train", type=int, default=40)
    p.add_argument("--n-val", type=int, default=16)
    p.add_argument("--bf16", action="store_true", default=True)
    return p.parse_args()


def main():
    args = parse()
    torch.manual_seed(0)
    train_dl = DataLoader(build(args.n_train, args.seq_len, 0), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(build(args.n_val, args.seq_len, 1), batch_size=16)
    model = DocClassifier(args.seq_len)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    total = args.epochs * len(train_dl)
    sched = warmup_cosine(opt, args.warmup, total)
    for epoch in range(args.epochs):
        model.train()
        t0 = time.time()
        for i, (x, y) in enumerate(train_dl):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
                logits = model(x)
                loss = F.cross_entropy(logits.float(), y)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            print(f"ep {epoch} it {i} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.2e}")
        model.eval()
        correct = 0
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
            for x, y in val_dl:
                correct += (model(x).argmax(-1) == y).sum().item()
        print(f"ep {epoch} val_acc {correct / args.n_val:.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
