import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, random_split

from data import KEYWORDS, SyntheticKWS
from model import M5
from trainer import Trainer

parser = argparse.ArgumentParser(description="keyword spotting on raw audio")
parser.add_argument("--epochs", type=int, default=5)
parser.add_argument("--batch-size", type=int, default=32)
parser.add_argument("--lr", type=float, default=1e-2)
parser.add_argument("--seed", type=int, default=42)


def main(args):
    torch.manual_seed(args.seed)
    ds = SyntheticKWS(seed=args.seed)
    n_val = len(ds) // 5
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val], generator=torch.Generator().manual_seed(0))
    train_loader = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=64)

    model = M5(n_classes=len(KEYWORDS))
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4)
    trainer = Trainer(model, opt, nn.CrossEntropyLoss(label_smoothing=0.05))
    trainer.fit(train_loader, val_loader, args.epochs)
    torch.save(model.state_dict(), "m5_kws.pt")


if __name__ == "__main__":
    main(parser.parse_args())
