import argparse

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader, random_split

from data import HousingDataset
from model import build_mlp
from utils import AverageMeter, move_to, resolve_device, seed_everything


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/base.yaml")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    seed_everything(cfg["seed"])
    device = resolve_device(cfg["device"])
    dcfg = cfg["data"]
    ds = HousingDataset(dcfg["n_samples"], dcfg["n_features"], seed=cfg["seed"])
    n_val = int(len(ds) * dcfg["val_fraction"])
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val])
    train_dl = DataLoader(train_ds, batch_size=dcfg["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=dcfg["batch_size"])

    model = build_mlp(dcfg["n_features"], cfg["model"]["hidden"], cfg["model"]["dropout"]).to(device)
    opt = torch.optim.AdamW(model.parameters(), **cfg["optim"])

    for epoch in range(cfg["train"]["epochs"]):
        model.train()
        meter = AverageMeter()
        for i, batch in enumerate(train_dl):
            batch = move_to(batch, device)
            pred = model(batch["features"]).squeeze(-1)
            loss = F.mse_loss(pred, batch["target"])
            opt.zero_grad()
            loss.backward()
            opt.step()
            meter.update(loss.item(), batch["target"].size(0))
            if i % cfg["train"]["log_every"] == 0:
                print(f"  ep{epoch} it{i} mse {loss.item():.3f}")
        model.eval()
        val = AverageMeter()
        with torch.no_grad():
            for batch in val_dl:
                batch = move_to(batch, device)
                pred = model(batch["features"]).squeeze(-1)
                val.update(F.mse_loss(pred, batch["target"]).item(), batch["target"].size(0))
        print(f"[{cfg['experiment']}] epoch {epoch} train {meter.avg:.3f} val {val.avg:.3f}")


if __name__ == "__main__":
    main()
