"""Day-ahead PV output forecaster: lagged irradiance features -> next-hour kW."""
import argparse

import torch

from forecast.datamodule import PVDataModule
from forecast.module import PVForecaster
from forecast.loop import Trainer

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--max_epochs", type=int, default=3)
    ap.add_argument("--lags", type=int, default=24)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--gradient_clip_val", type=float, default=1.0)
    args = ap.parse_args()
    torch.manual_seed(0)

    dm = PVDataModule(lags=args.lags, batch_size=128)
    module = PVForecaster(n_inputs=args.lags + 2, lr=args.lr)
    trainer = Trainer(max_epochs=args.max_epochs, gradient_clip_val=args.gradient_clip_val, log_every_n_steps=25)
    trainer.fit(module, dm)
