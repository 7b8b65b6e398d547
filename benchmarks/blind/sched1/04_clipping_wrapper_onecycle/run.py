import torch
import torch.nn as nn

from engine import Trainer
from engine.data import HousingLike

HPARAMS = dict(batch_size=32, lr=1e-2, weight_decay=1e-4, clip=1.0, epochs=4)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 64), nn.GELU(), nn.Linear(64, 64), nn.GELU(), nn.Linear(64, 1))
    trainer = Trainer(model, HousingLike(), HPARAMS)
    trainer.fit()


if __name__ == "__main__":
    main()
