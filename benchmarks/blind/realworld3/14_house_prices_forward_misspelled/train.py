import argparse
import torch
from housing.config import TrainConfig
from housing.data import get_datasets, FEATURES
from housing.net import Net
from housing.trainer import Trainer

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=TrainConfig.epochs)
args = parser.parse_args()

cfg = TrainConfig(epochs=args.epochs)
torch.manual_seed(cfg.seed)
train_ds, val_ds = get_datasets(cfg)
model = Net(len(FEATURES), cfg.hidden)
Trainer(model, cfg).fit(train_ds, val_ds)
