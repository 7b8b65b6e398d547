import json

import torch
from torch import nn
from torch.utils.data import DataLoader

from bands import Sentinel2Patches
from encoder import load_pretrained


def main():
    with open("config.json") as f:
        cfg = json.load(f)
    torch.manual_seed(0)

    ds = Sentinel2Patches(cfg["bands"], cfg["num_patches"], cfg["patch_size"], cfg["num_classes"])
    loader = DataLoader(ds, batch_size=cfg["batch_size"], shuffle=True, drop_last=False)

    encoder = load_pretrained(cfg["pretrained"])
    head = nn.Linear(encoder.out_dim, cfg["num_classes"])
    model = nn.Sequential(encoder, head)
    optimizer = torch.optim.AdamW([
        {"params": encoder.parameters(), "lr": cfg["lr_encoder"]},
        {"params": head.parameters(), "lr": cfg["lr_head"]},
    ])
    criterion = nn.CrossEntropyLoss()

    for epoch in range(cfg["epochs"]):
        model.train()
        total = 0.0
        for step, (x, y) in enumerate(loader):
            logits = model(x)
            loss = criterion(logits, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(f"epoch {epoch}: loss {total / len(loader):.4f}")
    torch.save(model.state_dict(), cfg["output"])


if __name__ == "__main__":
    main()
