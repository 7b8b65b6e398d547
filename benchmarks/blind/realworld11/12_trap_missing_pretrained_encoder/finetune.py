import argparse

import torch
import torch.nn as nn
import yaml
from torch.utils.data import DataLoader

from finetune.data import CropPatches
from finetune.model import Classifier, load_encoder


def main():
    parser = argparse.ArgumentParser(description="Fine-tune the BYOL encoder on labelled patches")
    parser.add_argument("--config", default="config.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    torch.manual_seed(0)
    encoder = load_encoder(cfg["pretrained_encoder"])
    if cfg["freeze_encoder"]:
        for p in encoder.parameters():
            p.requires_grad = False
    model = Classifier(encoder, cfg["num_classes"])

    train_loader = DataLoader(CropPatches(cfg["num_train"], cfg["image_size"], cfg["num_classes"], 0),
                              batch_size=cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(CropPatches(cfg["num_val"], cfg["image_size"], cfg["num_classes"], 1),
                            batch_size=cfg["batch_size"])
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg["lr"])
    criterion = nn.CrossEntropyLoss()

    for epoch in range(cfg["epochs"]):
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            acc = sum((model(x).argmax(1) == y).sum().item() for x, y in val_loader) / cfg["num_val"]
        print(f"epoch {epoch}: train loss {loss.item():.4f}, val acc {acc:.3f}")
    torch.save(model.state_dict(), "checkpoints/finetuned.pt")


if __name__ == "__main__":
    main()
