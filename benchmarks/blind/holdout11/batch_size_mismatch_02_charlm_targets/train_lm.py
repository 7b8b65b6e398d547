"""Lab 5: character-level language model with a GRU."""
import argparse
import math
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Subset

from corpus import CharTokenizer, CharWindows, generate_text
from model import CharGRU


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--block-size", type=int, default=48)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--steps-per-epoch", type=int, default=15)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--save", default="checkpoints/char_gru.pt")
    return p.parse_args()


def lm_loss(logits, targets):
    return F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))


def main():
    args = parse()
    torch.manual_seed(0)
    text = generate_text(1500, seed=0)
    tok = CharTokenizer(text)
    ids = tok.encode(text)
    split = int(0.9 * len(ids))
    train_ds = CharWindows(ids[:split], args.block_size)
    val_ds = CharWindows(ids[split:], args.block_size)
    val_ds = Subset(val_ds, range(0, len(val_ds), 16))
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = CharGRU(tok.vocab_size)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        for step, (x, y) in enumerate(train_dl):
            if step == args.steps_per_epoch:
                break
            logits, _ = model(x)
            loss = lm_loss(logits, y)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            if step % 10 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.3f}")
        model.eval()
        total, n = 0.0, 0
        with torch.no_grad():
            for x, y in val_dl:
                logits, _ = model(x)
                total += lm_loss(logits, y).item() * x.size(0)
                n += x.size(0)
        print(f"epoch {epoch} val loss {total / n:.3f} ppl {math.exp(total / n):.2f}")
        print("sample:", repr(tok.decode(model.sample(tok.encode("the "), 60))))

    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, args.save)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({"model": model.state_dict(), "chars": tok.chars}, path)


if __name__ == "__main__":
    main()
