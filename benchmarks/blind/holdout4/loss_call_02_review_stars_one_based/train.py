import argparse
import json
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from reviews.data import STAR_LEVELS, NUMERIC, ReviewDataset, read_rows
from reviews.loop import EarlyStopping, Trainer
from reviews.make_data import write_reviews_csv
from reviews.model import StarClassifier


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="data/reviews.csv")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--out", default="runs/stars")
    args = ap.parse_args()

    torch.manual_seed(0)
    rows = read_rows(write_reviews_csv(args.data))
    cut = int(0.85 * len(rows))
    train_ds = ReviewDataset(rows[:cut])
    val_ds = ReviewDataset(rows[cut:], stats=train_ds.stats)

    model = StarClassifier(len(NUMERIC), len(STAR_LEVELS))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
    trainer = Trainer(model, nn.CrossEntropyLoss(), opt, sched, EarlyStopping(patience=3))
    history = trainer.fit(DataLoader(train_ds, batch_size=args.bs, shuffle=True),
                          DataLoader(val_ds, batch_size=args.bs), args.epochs)

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "history.json"), "w") as f:
        json.dump(history, f, indent=2)
    torch.save(model.state_dict(), os.path.join(args.out, "model.pt"))


if __name__ == "__main__":
    main()
