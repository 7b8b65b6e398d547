import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from probe.engine.setup import setup
from probe.engine.loop import run_epoch

parser = argparse.ArgumentParser()
parser.add_argument("config")
args = parser.parse_args()
cfg = yaml.safe_load(open(args.config))

model, optimizer, dataset = setup(cfg)
n_trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(f"{cfg['experiment']}: {n_trainable} trainable parameters (head {tuple(model.head.weight.shape)})")
torch.manual_seed(0)
loader = DataLoader(dataset, batch_size=cfg["train"]["batch_size"], shuffle=True)
for epoch in range(cfg["train"]["epochs"]):
    loss, acc = run_epoch(model, loader, optimizer)
    print(f"epoch {epoch + 1}: loss {loss:.4f}  acc {acc:.3f}")
