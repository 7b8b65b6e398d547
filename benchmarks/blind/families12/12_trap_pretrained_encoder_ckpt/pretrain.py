"""Autoencoder pretraining on unlabeled readings; writes the encoder checkpoint used by finetune.py."""
import os

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from sensornet.data import sensor_readings
from sensornet.modules import Decoder, Encoder


def main():
    with open("config.yaml") as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(0)
    nf = cfg["data"]["n_features"]
    hparams = {"in_features": nf, "hidden": 64, "latent": 32}
    enc, dec = Encoder(**hparams), Decoder(nf, 64, 32)
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=1e-3)
    dl = DataLoader(sensor_readings(1000, nf, seed=7), batch_size=64, shuffle=True)
    for epoch in range(cfg["pretrain"]["epochs"]):
        for x, _ in dl:
            loss = F.mse_loss(dec(enc(x)), x)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"pretrain epoch {epoch}: recon {loss.item():.4f}")
    os.makedirs(os.path.dirname(cfg["pretrain"]["checkpoint"]), exist_ok=True)
    torch.save({"hparams": hparams, "state_dict": enc.state_dict()}, cfg["pretrain"]["checkpoint"])


if __name__ == "__main__":
    main()
