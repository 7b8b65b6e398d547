import argparse

import torch

from textcls.data import SyntheticIntents, make_loader
from textcls.model import TinyTransformerClassifier
from textcls.pretrain import pretrain_source_model
from textcls.trainer import FineTuner, FinetuneConfig


def main():
    ap = argparse.ArgumentParser(description="Fine-tune a pretrained intent encoder on a new label set")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--pretrain-epochs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    cfg = FinetuneConfig(epochs=args.epochs)

    source = SyntheticIntents(n=1024, n_classes=8, vocab=cfg.vocab, seq_len=cfg.seq_len, seed=args.seed)
    base = TinyTransformerClassifier(cfg.vocab, cfg.d_model, cfg.n_heads, cfg.n_layers, num_classes=8)
    state = pretrain_source_model(base, make_loader(source, 64, shuffle=True), epochs=args.pretrain_epochs)

    target_train = SyntheticIntents(n=768, n_classes=cfg.num_classes, vocab=cfg.vocab, seq_len=cfg.seq_len, seed=args.seed + 1)
    target_val = SyntheticIntents(n=256, n_classes=cfg.num_classes, vocab=cfg.vocab, seq_len=cfg.seq_len, seed=args.seed + 2)
    model = TinyTransformerClassifier(cfg.vocab, cfg.d_model, cfg.n_heads, cfg.n_layers, num_classes=8)
    tuner = FineTuner(model, cfg, pretrained_state=state)
    tuner.fit(make_loader(target_train, cfg.batch_size, shuffle=True), make_loader(target_val, 256))


if __name__ == "__main__":
    main()
