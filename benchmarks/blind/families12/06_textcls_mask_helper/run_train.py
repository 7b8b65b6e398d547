import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from textcls.data import ReviewDataset, Vocab, make_reviews
from textcls.model import TinyTransformerClassifier


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--max_len", type=int, default=20)
    p.add_argument("--per_device_train_batch_size", type=int, default=16)
    p.add_argument("--learning_rate", type=float, default=3e-3)
    p.add_argument("--num_train_epochs", type=int, default=3)
    p.add_argument("--seed", type=int, default=13)
    return p.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    vocab = Vocab()
    train_ds = ReviewDataset(make_reviews(240, seed=1), vocab, max_len=args.max_len)
    eval_ds = ReviewDataset(make_reviews(60, seed=2), vocab, max_len=args.max_len)
    train_dl = DataLoader(train_ds, batch_size=args.per_device_train_batch_size, shuffle=True)
    eval_dl = DataLoader(eval_ds, batch_size=args.per_device_train_batch_size)

    model = TinyTransformerClassifier(len(vocab), max_len=args.max_len)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)

    for epoch in range(args.num_train_epochs):
        model.train()
        tr_loss = 0.0
        for step, batch in enumerate(train_dl):
            logits = model(batch["input_ids"], batch["attention_mask"])
            loss = F.cross_entropy(logits, batch["labels"])
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            tr_loss += loss.item()
        model.eval()
        correct = 0
        with torch.no_grad():
            for batch in eval_dl:
                preds = model(batch["input_ids"], batch["attention_mask"]).argmax(-1)
                correct += (preds == batch["labels"]).sum().item()
        print({"epoch": epoch, "train_loss": round(tr_loss / (step + 1), 4), "eval_accuracy": correct / len(eval_ds)})


if __name__ == "__main__":
    main()
