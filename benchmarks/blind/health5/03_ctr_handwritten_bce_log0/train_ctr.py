import argparse

import torch
import yaml
from torch.utils.data import DataLoader

from ctr.data import ClickLog
from ctr.model import WideAndDeep
from ctr.losses import binary_cross_entropy

ap = argparse.ArgumentParser()
ap.add_argument("--config", default="config.yaml")
args = ap.parse_args()
cfg = yaml.safe_load(open(args.config))

torch.manual_seed(0)
ds = ClickLog(**cfg["data"])
dl = DataLoader(ds, batch_size=cfg["train"]["batch_size"], shuffle=True)
model = WideAndDeep(cfg["data"]["n_items"], cfg["data"]["n_categories"], 3,
                    cfg["model"]["emb_dim"], cfg["model"]["deep_layers"])
opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])

step = 0
for epoch in range(cfg["train"]["epochs"]):
    running, n = 0.0, 0
    for item, cat, dense, y in dl:
        logits = model(item, cat, dense)
        loss = binary_cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        running += loss.item(); n += 1
        step += 1
        if step % cfg["train"]["log_every"] == 0:
            print(f"step {step} logloss {loss.item():.4f}")
    print(f"== epoch {epoch} mean logloss {running / n:.4f}")
