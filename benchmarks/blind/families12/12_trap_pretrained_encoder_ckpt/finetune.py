import argparse

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from sensornet.data import sensor_readings
from sensornet.modules import Encoder, FaultClassifier


def load_encoder(path):
    ckpt = torch.load(path, map_location="cpu")
    encoder = Encoder(**ckpt["hparams"])
    encoder.load_state_dict(ckpt["state_dict"])
    return encoder


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    dcfg, fcfg = cfg["data"], cfg["finetune"]

    torch.manual_seed(1)
    train_dl = DataLoader(sensor_readings(dcfg["n_train"], dcfg["n_features"], dcfg["num_classes"], seed=1),
                          batch_size=fcfg["batch_size"], shuffle=True)
    encoder = load_encoder(cfg["pretrain"]["checkpoint"])
    model = FaultClassifier(encoder, dcfg["num_classes"], freeze_encoder=fcfg["freeze_encoder"])
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=fcfg["lr"], momentum=0.9)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(fcfg["epochs"]):
        correct = 0
        for x, y in train_dl:
            logits = model(x)
            loss = criterion(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            correct += (logits.argmax(1) == y).sum().item()
        print(f"finetune epoch {epoch}: loss {loss.item():.4f} train_acc {correct / dcfg['n_train']:.3f}")


if __name__ == "__main__":
    main()
