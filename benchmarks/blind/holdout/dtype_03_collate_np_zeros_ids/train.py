import argparse
import logging

import torch
from torch import nn
from torch.utils.data import DataLoader

from data import ReviewDataset, Vocab, generate_reviews, pad_collate
from model import BagOfEmbeddings

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
log = logging.getLogger("train")


def run(args):
    torch.manual_seed(args.seed)
    pairs = generate_reviews(n=400, seed=args.seed)
    train_pairs, test_pairs = pairs[:320], pairs[320:]
    vocab = Vocab([t for t, _ in train_pairs])
    train_dl = DataLoader(ReviewDataset(train_pairs, vocab), batch_size=args.batch_size,
                          shuffle=True, collate_fn=pad_collate)
    test_dl = DataLoader(ReviewDataset(test_pairs, vocab), batch_size=args.batch_size,
                         collate_fn=pad_collate)

    model = BagOfEmbeddings(len(vocab))
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(1, args.epochs + 1):
        model.train()
        for step, (tokens, lengths, labels) in enumerate(train_dl):
            logits = model(tokens, lengths)
            loss = criterion(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step % 5 == 0:
                log.info("epoch %d step %d loss %.4f", epoch, step, loss.item())

        model.eval()
        correct = 0
        with torch.no_grad():
            for tokens, lengths, labels in test_dl:
                correct += (model(tokens, lengths).argmax(1) == labels).sum().item()
        log.info("epoch %d test acc %.3f", epoch, correct / len(test_dl.dataset))


if __name__ == "__main__":
    p = argparse.ArgumentParser(description="sentiment bag-of-embeddings baseline")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--lr", type=float, default=5e-3)
    p.add_argument("--seed", type=int, default=0)
    run(p.parse_args())
