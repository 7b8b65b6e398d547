import sys

import torch
import torch.nn as nn
import yaml

from fitlib.trainer import Trainer

cfg = yaml.safe_load(open(sys.argv[1] if len(sys.argv) > 1 else "conf/train.yaml"))
torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
w = torch.randn(16, 1)


def batches():
    for _ in range(20):
        x = torch.randn(cfg["trainer"]["batch_size"], 16, generator=g)
        yield x, 0.5 * (x @ w) + 0.1 * x[:, :1]


model = nn.Sequential(nn.Linear(16, 64), nn.SiLU(), nn.Linear(64, 1))
Trainer(model, nn.MSELoss(), cfg["optimizer"], cfg["scheduler"], cfg["trainer"]["epochs"]).fit(batches)
