import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from textcls.data import KeywordReviews, pad_collate
from textcls.model import TextClassifier


def parse_args():
    p = argparse.ArgumentParser(description="Train a small transformer review classifier (bf16 autocast on CPU)")
    p.add_argument("--vocab-size", type=int, default=5000)
    p.add_argument("--max-len", type=int, default=512)
    p.add_argument("--num-train", type=int, default=128)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def train_one_epoch(model, loader, optimizer, args):
    model.train()
    total, seen = 0.0, 0
    for tokens, labels in loader:
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logits = model(tokens)
            loss = F.cross_entropy(logits.float(), labels)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        total += loss.item() * labels.size(0)
        seen += labels.size(0)
    return total / seen


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    ds = KeywordReviews(args.num_train, args.vocab_size, args.max_len, seed=args.seed)
    loader = DataLoader(ds, batch_size=args.batch_size, shuffle=True, collate_fn=pad_collate)
    model = TextClassifier(args.vocab_size, 2, args.max_len)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    for epoch in range(args.epochs):
        loss = train_one_epoch(model, loader, optimizer, args)
        print(f"epoch {epoch} train loss {loss:.4f}")


if __name__ == "__main__":
    main()
