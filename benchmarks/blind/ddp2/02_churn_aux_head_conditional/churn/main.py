import argparse
import gc

import torch

from churn.config import TrainConfig
from churn.data import make_churn_table
from churn.engine.distributed import setup, teardown, wrap_model
from churn.engine.trainer import Trainer
from churn.models.mtl import ChurnNet


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=None)
    args = p.parse_args()
    cfg = TrainConfig()
    if args.epochs is not None:
        cfg.epochs = args.epochs

    rank, world_size = setup()
    torch.manual_seed(cfg.seed)
    ds = make_churn_table(cfg.n_rows, cfg.n_features, cfg.seed)
    model = wrap_model(ChurnNet(cfg.n_features, cfg.hidden))
    Trainer(cfg, model, ds, rank, world_size).fit()
    teardown()


if __name__ == "__main__":
    main()
    gc.collect()
