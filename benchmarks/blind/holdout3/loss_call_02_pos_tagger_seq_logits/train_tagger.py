import argparse

import torch
from torch.utils.data import DataLoader

from tagger.corpus import TAGS, build_vocab, sample_sentences
from tagger.engine import TaggerEngine, make_collate
from tagger.model import BiLSTMTagger


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--train-size", type=int, default=600)
    return p.parse_args()


def main():
    args = parse()
    torch.manual_seed(0)
    train_sents = sample_sentences(args.train_size, seed=0)
    dev_sents = sample_sentences(150, seed=1)
    vocab = build_vocab(train_sents)
    tag_index = {t: i for i, t in enumerate(TAGS)}
    collate = make_collate(vocab, tag_index)

    train_dl = DataLoader(train_sents, batch_size=args.batch_size, shuffle=True, collate_fn=collate)
    dev_dl = DataLoader(dev_sents, batch_size=64, collate_fn=collate)

    engine = TaggerEngine(BiLSTMTagger(len(vocab), len(TAGS)))
    for epoch in range(args.epochs):
        loss = engine.train_epoch(train_dl)
        print(f"epoch {epoch}: loss {loss:.4f} dev token acc {engine.token_accuracy(dev_dl):.3f}")


if __name__ == "__main__":
    main()
