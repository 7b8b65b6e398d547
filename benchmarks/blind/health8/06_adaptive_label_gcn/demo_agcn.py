import argparse

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from agcn.data import SyntheticMultiLabel, label_word_vectors
from agcn.engine import MultiLabelMAPEngine
from agcn.models import AGCNResnet

parser = argparse.ArgumentParser(description="A-GCN multi-label training")
parser.add_argument("--config", default="config.yaml")
parser.add_argument("--epochs", type=int, default=None)


def main():
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))
    torch.manual_seed(cfg["seed"])

    train_dataset = SyntheticMultiLabel(256, cfg["num_classes"], seed=0)
    val_dataset = SyntheticMultiLabel(64, cfg["num_classes"], seed=1)
    train_loader = DataLoader(train_dataset, batch_size=cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(val_dataset, batch_size=cfg["batch_size"])
    inp = label_word_vectors(cfg["num_classes"], cfg["word_dim"])

    model = AGCNResnet(num_classes=cfg["num_classes"], in_channel=cfg["word_dim"])
    criterion = nn.MultiLabelSoftMarginLoss()
    optimizer = torch.optim.SGD(model.get_config_optim(cfg["lr"], cfg["lrp"]), lr=cfg["lr"],
                                momentum=cfg["momentum"], weight_decay=cfg["weight_decay"])
    engine = MultiLabelMAPEngine(model, criterion, optimizer, inp)

    for epoch in range(args.epochs or cfg["epochs"]):
        loss = engine.train(train_loader, epoch)
        acc = engine.validate(val_loader)
        print(f"Epoch [{epoch}] loss {loss:.4f} label-acc {acc:.3f}")


if __name__ == "__main__":
    main()
