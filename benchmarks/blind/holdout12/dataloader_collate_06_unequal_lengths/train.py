import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from newsclf.dataset import TOPICS, HeadlineDataset, synthetic_headlines
from newsclf.model import TinyTransformerClassifier
from newsclf.tokenizer import WordTokenizer


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--max-len", type=int, default=48)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--warmup-steps", type=int, default=20)
    return p.parse_args()


def main():
    args = get_args()
    torch.manual_seed(13)
    train_samples = synthetic_headlines(512, seed=1)
    val_samples = synthetic_headlines(128, seed=2)
    tok = WordTokenizer().fit(t for t, _ in train_samples)

    train_dl = DataLoader(HeadlineDataset(train_samples, tok, args.max_len), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(HeadlineDataset(val_samples, tok, args.max_len), batch_size=args.batch_size)

    model = TinyTransformerClassifier(len(tok), len(TOPICS), max_len=args.max_len, pad_id=tok.pad_id)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / args.warmup_steps))
    loss_fn = nn.CrossEntropyLoss()

    step = 0
    for epoch in range(args.epochs):
        model.train()
        for batch in train_dl:
            logits = model(batch["input_ids"], batch["attention_mask"])
            loss = loss_fn(logits, batch["label"])
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            step += 1
            if step % 10 == 0:
                print(f"step {step} loss {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.2e}")
        model.eval()
        correct = 0
        with torch.no_grad():
            for batch in val_dl:
                pred = model(batch["input_ids"], batch["attention_mask"]).argmax(-1)
                correct += (pred == batch["label"]).sum().item()
        print(f"epoch {epoch} val_acc {correct / len(val_dl.dataset):.3f}")


if __name__ == "__main__":
    main()
