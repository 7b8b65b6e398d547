import argparse
import gc

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from forecast.config import Cfg
from forecast.engine.loop import train
from forecast.models.tcn import ConvForecaster
from forecast.series import seasonal_windows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    cfg = Cfg(epochs=ap.parse_args().epochs)
    dist.init_process_group("gloo")
    torch.manual_seed(0)
    ds = seasonal_windows(cfg.data.n_series, cfg.data.context, cfg.data.horizon)
    model = DDP(ConvForecaster(cfg.data.context, cfg.data.horizon, cfg.channels))
    train(model, ds, cfg)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
