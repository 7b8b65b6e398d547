import argparse

import torch

from models.autoencoder import Autoencoder
from trainer.lite import Trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--in_channels', type=int, default=4)
    parser.add_argument('--out_channels', type=int, default=16)
    parser.add_argument('--kernel_size', type=int, default=5)
    parser.add_argument('--batch_size', type=int, default=32)
    parser.add_argument('--lr', type=float, default=1e-3)
    parser.add_argument('--max_epochs', type=int, default=3)
    hparams = parser.parse_args()

    torch.manual_seed(0)
    model = Autoencoder(hparams)
    model.prepare_data()
    trainer = Trainer(max_epochs=hparams.max_epochs, log_every_n_steps=5)
    trainer.fit(model)


if __name__ == '__main__':
    main()
