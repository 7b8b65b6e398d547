import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import torch  # noqa: E402
from torch.utils.data import DataLoader  # noqa: E402

from kws.dataset import KeywordDataset, prepare  # noqa: E402
from kws.engine import run_epoch  # noqa: E402
from kws.model import KeywordNet  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description="Train a small keyword-spotting CNN on log-mel features")
    ap.add_argument("--config", default="configs/kws.json")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)

    torch.manual_seed(cfg["seed"])
    index = prepare(cfg["data"])
    train_ds = KeywordDataset(index, "train")
    val_ds = KeywordDataset(index, "val")
    bs = cfg["optim"]["batch_size"]
    train_dl = DataLoader(train_ds, batch_size=bs, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=bs)

    m = cfg["model"]
    model = KeywordNet(m["in_channels"], m["channels"], m["kernel_size"],
                       len(cfg["data"]["keywords"]), m["dropout"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"])
    for epoch in range(cfg["optim"]["epochs"]):
        tr_loss, tr_acc = run_epoch(model, train_dl, opt)
        va_loss, va_acc = run_epoch(model, val_dl)
        print(f"[{epoch}] train {tr_loss:.3f}/{tr_acc:.2f}  val {va_loss:.3f}/{va_acc:.2f}")


if __name__ == "__main__":
    main()
