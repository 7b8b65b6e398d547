import argparse
import os

import torch

from forecast.config import ExperimentConfig
from forecast.data import make_datasets
from forecast.model import LSTMForecaster
from forecast.training import fit

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description="Train the hourly load forecaster")
    ap.add_argument("--config", default=os.path.join(HERE, "configs", "default.json"))
    args = ap.parse_args()

    cfg = ExperimentConfig.from_json(args.config)
    torch.manual_seed(cfg.train.seed)
    train_set, val_set, _ = make_datasets(cfg.data, seed=cfg.train.seed)
    n_features = train_set[0][0].shape[-1]
    model = LSTMForecaster(n_features, cfg.data.horizon, **vars(cfg.model))
    print(f"train windows: {len(train_set)}, val windows: {len(val_set)}")
    fit(model, train_set, val_set, cfg.train, HERE)


if __name__ == "__main__":
    main()
