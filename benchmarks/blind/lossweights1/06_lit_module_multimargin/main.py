from argparse import ArgumentParser

import torch

from datamodule import make_activity_windows
from har_module import HARClassifier
from minilit import Trainer


def cli_main():
    parser = ArgumentParser()
    parser.add_argument("--max_epochs", type=int, default=5)
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=5e-3)
    args = parser.parse_args()

    torch.manual_seed(1)
    train_set = make_activity_windows(320, seed=1)
    val_set = make_activity_windows(80, seed=2)
    model = HARClassifier(train_set, val_set, lr=args.lr, batch_size=args.batch_size)
    trainer = Trainer(max_epochs=args.max_epochs)
    trainer.fit(model)


if __name__ == "__main__":
    cli_main()
