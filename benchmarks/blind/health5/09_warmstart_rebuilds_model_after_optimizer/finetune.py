"""Fine-tune the base GRU forecaster on one region's substations."""
import json
import sys

import torch

from forecast.data import load_windows
from forecast.trainer import Trainer

if __name__ == "__main__":
    cfg = json.load(open(sys.argv[1] if len(sys.argv) > 1 else "finetune.json"))
    torch.manual_seed(0)
    trainer = Trainer(cfg)
    trainer.fit(load_windows(**cfg["data"]))
