import sys
import tomllib
from pathlib import Path

import torch
from torch.utils.data import DataLoader

from har.engine import evaluate, train_one_epoch
from har.net import ConvGRUTagger
from har.signals import ACTIVITIES, HARWindows

HERE = Path(__file__).resolve().parent


def main(config_path):
    with open(config_path, "rb") as f:
        cfg = tomllib.load(f)
    torch.manual_seed(cfg["train"]["seed"])
    d = cfg["data"]
    subjects = list(range(d["n_subjects"]))
    train_subj = [s for s in subjects if s not in d["valid_subjects"]]
    train_ds = HARWindows(train_subj, d, seed=cfg["train"]["seed"])
    valid_ds = HARWindows(d["valid_subjects"], d, seed=cfg["train"]["seed"])
    print(f"windows: train={len(train_ds)} valid={len(valid_ds)}")

    bs = cfg["train"]["batch_size"]
    train_dl = DataLoader(train_ds, batch_size=bs, shuffle=True, drop_last=True)
    valid_dl = DataLoader(valid_ds, batch_size=bs * 2)

    m = cfg["model"]
    model = ConvGRUTagger(d["channels"], len(ACTIVITIES), m["hidden"], m["layers"], m["bidirectional"], m["dropout"])
    criterion = torch.nn.CrossEntropyLoss(label_smoothing=cfg["train"]["label_smoothing"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])

    log_path = HERE / "har_train.log"
    with open(log_path, "w") as log:
        for epoch in range(1, cfg["train"]["epochs"] + 1):
            tr_loss = train_one_epoch(model, train_dl, criterion, optimizer)
            va_loss, va_acc = evaluate(model, valid_dl, criterion)
            line = f"epoch {epoch} train_loss {tr_loss:.4f} valid_loss {va_loss:.4f} frame_acc {va_acc:.4f}"
            print(line)
            log.write(line + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else HERE / "har_config.toml")
