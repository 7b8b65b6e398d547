import argparse

import torch
from torch import nn
from torch.nn import functional as F
from torch.utils.data import DataLoader

from corpus import PAD_TAG, TAGS, build_vocab, collate, encode, generate


class BiGRUTagger(nn.Module):
    def __init__(self, vocab_size, n_tags, emb=32, hidden=48):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb, padding_idx=0)
        self.rnn = nn.GRU(emb, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, n_tags)

    def forward(self, words):
        h, _ = self.rnn(self.emb(words))
        return self.out(h)  # (batch, seq_len, n_tags)


def token_accuracy(logits, tags):
    mask = tags != PAD_TAG
    return ((logits.argmax(-1) == tags) & mask).sum().item() / mask.sum().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--lr", type=float, default=1e-2)
    args = ap.parse_args()

    torch.manual_seed(0)
    train_sents, dev_sents = generate(200, seed=1), generate(60, seed=2)
    vocab = build_vocab(train_sents + dev_sents)
    train_dl = DataLoader(encode(train_sents, vocab), batch_size=args.batch_size, shuffle=True, collate_fn=collate)
    dev_dl = DataLoader(encode(dev_sents, vocab), batch_size=args.batch_size, collate_fn=collate)

    model = BiGRUTagger(len(vocab) + 1, len(TAGS))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        for words, tags in train_dl:
            logits = model(words)
            loss = F.cross_entropy(logits, tags, ignore_index=PAD_TAG)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            accs = [token_accuracy(model(w), t) for w, t in dev_dl]
        print(f"epoch {epoch}: loss {loss.item():.4f} dev token acc {sum(accs) / len(accs):.3f}")


if __name__ == "__main__":
    main()
