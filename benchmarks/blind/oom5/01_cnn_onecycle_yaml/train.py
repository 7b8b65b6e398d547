import argparse

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from data import SyntheticTextures
from model import TextureNet


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    torch.manual_seed(cfg["seed"])
    dcfg, tcfg = cfg["data"], cfg["train"]
    ds = SyntheticTextures(dcfg["num_train"], dcfg["num_classes"], dcfg["image_size"], seed=cfg["seed"])
    loader = DataLoader(ds, batch_size=tcfg["batch_size"], shuffle=True, drop_last=False)

    model = TextureNet(dcfg["num_classes"])
    optimizer = torch.optim.SGD(model.parameters(), lr=tcfg["max_lr"], momentum=0.9,
                                weight_decay=tcfg["weight_decay"], nesterov=True)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=tcfg["max_lr"], epochs=tcfg["epochs"],
        steps_per_epoch=len(loader), pct_start=tcfg["pct_start"])

    for epoch in range(tcfg["epochs"]):
        model.train()
        total, correct, running = 0, 0, 0.0
        for images, labels in loader:
            logits = model(images)
            loss = F.cross_entropy(logits, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
            running += loss.item() * labels.size(0)
            correct += (logits.argmax(1) == labels).sum().item()
            total += labels.size(0)
        print(f"epoch {epoch}: loss {running / total:.4f} acc {correct / total:.3f} "
              f"lr {scheduler.get_last_lr()[0]:.5f}")


if __name__ == "__main__":
    main()
