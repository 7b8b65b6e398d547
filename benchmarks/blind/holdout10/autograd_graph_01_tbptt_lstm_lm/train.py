import argparse
import os

import torch

from lm.corpus import MarkovCorpus, batchify
from lm.model import RNNModel
from lm.trainer import LMTrainer


def parse_args():
    p = argparse.ArgumentParser(description="LSTM language model on a synthetic Markov corpus")
    p.add_argument("--emsize", type=int, default=64)
    p.add_argument("--nhid", type=int, default=128)
    p.add_argument("--nlayers", type=int, default=2)
    p.add_argument("--lr", type=float, default=1.0)
    p.add_argument("--clip", type=float, default=0.25)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch_size", type=int, default=32)
    p.add_argument("--bptt", type=int, default=35)
    p.add_argument("--dropout", type=float, default=0.2)
    p.add_argument("--log-interval", type=int, default=10)
    p.add_argument("--seed", type=int, default=1111)
    p.add_argument("--save", type=str, default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "model.pt"))
    return p.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    corpus = MarkovCorpus(vocab_size=200, n_train=20000, n_valid=2000, seed=args.seed)
    train_data = batchify(corpus.train, args.batch_size)
    val_data = batchify(corpus.valid, 10)
    model = RNNModel(corpus.vocab_size, args.emsize, args.nhid, args.nlayers, args.dropout)
    trainer = LMTrainer(model, train_data, val_data, args)
    best = trainer.fit(args.epochs)
    print(f"best valid loss {best:.3f}")


if __name__ == "__main__":
    main()
