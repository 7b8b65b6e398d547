import argparse

import torch

from forecast.series import load_windows
from forecast.tcn import TCNForecaster
from forecast.trainer import ForecastTrainer

if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--context", type=int, default=1024)
    p.add_argument("--horizon", type=int, default=24)
    p.add_argument("--epochs", type=int, default=1)
    a = p.parse_args()
    torch.manual_seed(0)
    train = load_windows(128, a.context, a.horizon, seed=0)
    val = load_windows(512, a.context, a.horizon, seed=1)
    model = TCNForecaster(a.horizon)
    ForecastTrainer(model, train, val, epochs=a.epochs).run()
