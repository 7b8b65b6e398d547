import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from trainer.lite import LightningModule
from data.signals import vibration_windows


class Autoencoder(LightningModule):

    def __init__(self, hparams: argparse.Namespace):
        super(Autoencoder, self).__init__()
        self.hparams = hparams

        self_layer_e_1 = nn.Conv1d(hparams.in_channels, hparams.out_channels, hparams.kernel_size)
        self_layer_e_2 = nn.Conv1d(hparams.out_channels, hparams.in_channels, hparams.kernel_size)
        self_layer_d_1 = nn.ConvTranspose1d(hparams.in_channels, hparams.out_channels, hparams.kernel_size)
        self_layer_d_2 = nn.ConvTranspose1d(hparams.out_channels, hparams.in_channels, hparams.kernel_size)
        self.relu = nn.ReLU()

    def forward(self, x):
        x = self_layer_e_1(x)
        x = self.relu(x)
        x = self_layer_e_2(x)
        encoded = self.relu(x)
        x = self_layer_d_1(encoded)
        x = self.relu(x)
        decoded = self_layer_d_2(x)
        return decoded, encoded

    def training_step(self, batch, batch_idx):
        x = batch[0]
        decoded, _ = self(x)
        loss = nn.functional.mse_loss(decoded, x)
        self.log('train_loss', loss)
        return {'loss': loss}

    def validation_step(self, batch, batch_idx):
        x = batch[0]
        decoded, _ = self(x)
        return {'val_loss': nn.functional.mse_loss(decoded, x)}

    def configure_optimizers(self):
        optimizer = torch.optim.Adam(self.parameters(), lr=self.hparams.lr)
        return optimizer

    def prepare_data(self):
        full = vibration_windows(channels=self.hparams.in_channels)
        n_val = len(full) // 8
        self.train_set, self.val_set = random_split(full, [len(full) - n_val, n_val],
                                                    generator=torch.Generator().manual_seed(0))

    def train_dataloader(self):
        return DataLoader(self.train_set, batch_size=self.hparams.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.val_set, batch_size=self.hparams.batch_size)
