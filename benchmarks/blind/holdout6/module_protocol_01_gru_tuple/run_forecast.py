import argparse
import json
import os
import tomllib

import torch
from torch.utils.data import DataLoader

from forecast.ema import EMAModel
from forecast.losses import pinball_loss
from forecast.models import create_model
from forecast.series import WindowDataset, calendar_features, synth_load


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("-c", "--config", default="configs/load_h12.toml")
    p.add_argument("--epochs", type=int)
    p.add_argument("--batch-size", type=int)
    p.add_argument("--arch")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--autocast", action="store_true")
    p.add_argument("--results", default="results")
    return p.parse_args()


def main():
    args = parse()
    with open(args.config, "rb") as f:
        cfg = tomllib.load(f)
    for key, section in (("epochs", "train"), ("batch_size", "train"), ("arch", "model")):
        if getattr(args, key) is not None:
            cfg[section][key] = getattr(args, key)
    torch.manual_seed(args.seed)

    d, tr = cfg["data"], cfg["train"]
    values, t = synth_load(d["n_series"], d["length"], seed=args.seed)
    covs = calendar_features(t, d["covariates"])
    cut = int(0.8 * d["length"])
    train_ds = WindowDataset(values, covs, d["lookback"], d["horizon"], d["stride"], 0, cut)
    val_ds = WindowDataset(values, covs, d["lookback"], d["horizon"], d["horizon"], cut - d["lookback"], d["length"])
    train_dl = DataLoader(train_ds, batch_size=tr["batch_size"], shuffle=True, drop_last=True)
    val_dl = DataLoader(val_ds, batch_size=256)

    model = create_model(cfg, in_features=1 + len(d["covariates"]))
    ema = EMAModel(model, tr["ema_decay"])
    opt = torch.optim.Adam(model.parameters(), lr=tr["lr"])
    qs = cfg["model"]["quantiles"]
    history = []
    for epoch in range(tr["epochs"]):
        model.train()
        losses = []
        for i, (x, y) in enumerate(train_dl):
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.autocast):
                pred = model(x)
            loss = pinball_loss(pred.float(), y, qs) / tr["grad_accum"]
            loss.backward()
            if (i + 1) % tr["grad_accum"] == 0:
                opt.step()
                opt.zero_grad()
                ema.update(model)
            losses.append(loss.item())
        ema.model.eval()
        with torch.no_grad():
            val = sum(pinball_loss(ema.model(x), y, qs).item() * x.size(0) for x, y in val_dl) / len(val_ds)
        history.append({"epoch": epoch, "train": sum(losses) / len(losses), "val_ema": val})
        print(history[-1])
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, f"{cfg['model']['arch']}_history.json"), "w") as f:
        json.dump(history, f, indent=1)


if __name__ == "__main__":
    main()
