import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from seqtag.data import TaggingDataset, collate, synth_corpus
from seqtag.models import BiLSTMTagger


def parse_args():
    ap = argparse.ArgumentParser(description="Train a BiLSTM POS tagger")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--emb-dim", type=int, default=32)
    ap.add_argument("--hidden-dim", type=int, default=64)
    ap.add_argument("--lr", type=float, default=2e-3)
    return ap.parse_args()


def accuracy(logits, tags):
    mask = tags != -100
    return ((logits.argmax(-1) == tags) & mask).sum().item() / mask.sum().item()


def main():
    args = parse_args()
    torch.manual_seed(13)
    train = TaggingDataset(synth_corpus(320, seed=0))
    dev = TaggingDataset(synth_corpus(80, seed=1), train.word2idx, train.tag2idx)
    train_dl = DataLoader(train, batch_size=args.batch_size, shuffle=True, collate_fn=collate)
    dev_dl = DataLoader(dev, batch_size=args.batch_size, collate_fn=collate)

    model = BiLSTMTagger(len(train.word2idx), len(train.tag2idx), args.emb_dim, args.hidden_dim)
    optim = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        for step, (toks, tags) in enumerate(train_dl):
            logits = model(toks)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tags.reshape(-1), ignore_index=-100)
            optim.zero_grad()
            loss.backward()
            optim.step()
            if step % 5 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
        model.eval()
        with torch.no_grad():
            accs = [accuracy(model(t), y) for t, y in dev_dl]
        print(f"epoch {epoch} dev acc {sum(accs) / len(accs):.3f}")


if __name__ == "__main__":
    main()
