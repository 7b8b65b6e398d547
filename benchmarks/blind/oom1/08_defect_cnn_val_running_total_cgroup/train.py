import yaml
import torch

from defects.data import build_loaders
from defects.models.net import DefectNet
from defects.trainer import Trainer

if __name__ == "__main__":
    cfg = yaml.safe_load(open("config.yaml"))
    torch.manual_seed(cfg["seed"])
    train_dl, val_dl = build_loaders(cfg)
    trainer = Trainer(DefectNet(), cfg)
    trainer.fit(train_dl, val_dl)
