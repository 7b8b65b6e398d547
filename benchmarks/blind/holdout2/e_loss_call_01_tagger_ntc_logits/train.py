import argparse
import logging

import torch
from torch.utils.data import DataLoader

from corpus import TAGS, generate
from dataset import TaggingDataset, pad_batch
from losses import token_accuracy, token_cross_entropy
from model import BiGRUTagger

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
log = logging.getLogger("tagger")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch_size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()

    torch.manual_seed(1)
    train_set = TaggingDataset(generate(500, seed=1))
    dev_set = TaggingDataset(generate(100, seed=2), word2id=train_set.word2id)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, collate_fn=pad_batch)
    dev_loader = DataLoader(dev_set, batch_size=args.batch_size, collate_fn=pad_batch)

    model = BiGRUTagger(len(train_set.word2id), len(TAGS))
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(1, args.epochs + 1):
        model.train()
        total = 0.0
        for words, tags in train_loader:
            optimizer.zero_grad()
            loss = token_cross_entropy(model(words), tags)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            optimizer.step()
            total += loss.item()
        model.eval()
        with torch.no_grad():
            accs = [token_accuracy(model(w), t) for w, t in dev_loader]
        log.info("epoch %d  train loss %.4f  dev acc %.3f", epoch, total / len(train_loader), sum(accs) / len(accs))


if __name__ == "__main__":
    main()
