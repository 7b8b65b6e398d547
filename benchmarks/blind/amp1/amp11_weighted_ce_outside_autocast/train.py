import argparse

import torch

from imgcls.config import load_config
from imgcls.data import build_datasets, class_weights
from imgcls.engine import Engine
from imgcls.model import ResNetTiny


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=None)
    parser.add_argument("--set", nargs="*", default=[], help="override config entries, e.g. optim.lr=0.01")
    args = parser.parse_args()
    cfg = load_config(args.set)
    if args.epochs is not None:
        cfg.train.epochs = args.epochs

    torch.manual_seed(cfg.seed)
    train_ds, val_ds = build_datasets(cfg.data)
    model = ResNetTiny(num_classes=cfg.data.num_classes, width=cfg.model.width)
    engine = Engine(model, cfg, class_weights=class_weights(train_ds, cfg.data.num_classes))
    engine.fit(train_ds, val_ds)


if __name__ == "__main__":
    main()
