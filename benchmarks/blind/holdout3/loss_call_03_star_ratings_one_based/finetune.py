import os
import tomllib

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from reviews.data import ReviewDataset, build_vocab, write_jsonl
from reviews.model import ReviewTransformer

ROOT = os.path.dirname(os.path.abspath(__file__))


def lr_lambda(warmup):
    return lambda step: min(1.0, (step + 1) / warmup)


def main():
    with open(os.path.join(ROOT, "reviews", "settings.toml"), "rb") as f:
        cfg = tomllib.load(f)
    dc, mc, tc = cfg["data"], cfg["model"], cfg["train"]
    torch.manual_seed(0)

    train_path = os.path.join(ROOT, "data", "train.jsonl")
    val_path = os.path.join(ROOT, "data", "val.jsonl")
    write_jsonl(train_path, dc["n_train"], seed=0)
    write_jsonl(val_path, dc["n_val"], seed=1)
    vocab = build_vocab([train_path])

    train_dl = DataLoader(ReviewDataset(train_path, vocab, dc["max_len"]), batch_size=tc["batch_size"], shuffle=True)
    val_dl = DataLoader(ReviewDataset(val_path, vocab, dc["max_len"]), batch_size=tc["batch_size"])

    model = ReviewTransformer(len(vocab), dc["max_len"], dc["num_classes"], **mc)
    opt = torch.optim.AdamW(model.parameters(), lr=tc["lr"], weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda(tc["warmup_steps"]))

    for epoch in range(tc["epochs"]):
        model.train()
        for step, (ids, stars) in enumerate(train_dl):
            loss = F.cross_entropy(model(ids), stars)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
        model.eval()
        with torch.no_grad():
            correct = sum((model(ids).argmax(-1) == s).sum().item() for ids, s in val_dl)
        print(f"epoch {epoch}: last loss {loss.item():.3f}, val acc {correct / dc['n_val']:.3f}")


if __name__ == "__main__":
    main()
