import argparse
import json

import torch
from torch import nn
from torch.utils.data import DataLoader

from datasets import NoisyDigits
from models import build_model


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/digits_mlp.json")
    ap.add_argument("--epochs", type=int, default=None, help="override train.epochs")
    args = ap.parse_args()

    with open(args.config) as f:
        cfg = json.load(f)
    if args.epochs is not None:
        cfg["train"]["epochs"] = args.epochs
    print(f"experiment: {cfg['experiment']}")

    torch.manual_seed(0)
    dcfg, tcfg = cfg["data"], cfg["train"]
    train_set = NoisyDigits(dcfg["n_train"], dcfg["image_size"], dcfg["noise"], seed=1)
    test_set = NoisyDigits(dcfg["n_test"], dcfg["image_size"], dcfg["noise"], seed=2)
    train_loader = DataLoader(train_set, batch_size=tcfg["batch_size"], shuffle=True)
    test_loader = DataLoader(test_set, batch_size=tcfg["batch_size"])

    model = build_model(cfg["model"], in_features=dcfg["image_size"] ** 2)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=tcfg["lr"])

    for epoch in range(tcfg["epochs"]):
        model.train()
        for batch_idx, (images, labels) in enumerate(train_loader):
            optimizer.zero_grad()
            loss = criterion(model(images), labels)
            loss.backward()
            optimizer.step()
            if batch_idx % 8 == 0:
                print(f"epoch {epoch} [{batch_idx * len(images)}/{len(train_set)}] loss {loss.item():.4f}")

        model.eval()
        correct = 0
        with torch.no_grad():
            for images, labels in test_loader:
                correct += (model(images).argmax(1) == labels).sum().item()
        print(f"epoch {epoch} test accuracy {100.0 * correct / len(test_set):.1f}%")

    torch.save(model.state_dict(), tcfg["checkpoint"])


if __name__ == "__main__":
    main()
