import argparse

import torch

from charlm.config import LMConfig
from charlm.data import CharCorpus
from charlm.model import CharTransformer
from charlm.trainer import LMTrainer


def main():
    ap = argparse.ArgumentParser(description="character-level transformer LM")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--steps", type=int, default=None, help="optimizer steps per epoch")
    ap.add_argument("--compile", action="store_true")
    args = ap.parse_args()
    cfg = LMConfig(epochs=args.epochs)
    if args.steps:
        cfg.steps_per_epoch = args.steps
    torch.manual_seed(cfg.seed)

    corpus = CharCorpus(cfg.block_size, seed=cfg.seed)
    model = CharTransformer(corpus.vocab_size, cfg)
    if args.compile:
        model = torch.compile(model)
    LMTrainer(model, corpus, cfg).train()


if __name__ == "__main__":
    main()
