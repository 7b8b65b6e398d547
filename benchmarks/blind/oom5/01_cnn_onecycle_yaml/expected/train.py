import argparse
import math

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
    accum = tcfg.get("grad_accum_steps", 1)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=tcfg["max_lr"], epochs=tcfg["epochs"],
        steps_per_epoch=math.ceil(len(loader) / accum), pct_start=tcfg["pct_start"])

    for epoch in range(tcfg["epochs"]):
        model.train()
        total, correct, running = 0, 0, 0.0
        optimizer.zero_grad()
        for step, (images, labels) in enumerate(loader):
            logits = model(images)
            loss = F.cross_entropy(logits, labels)
            (loss / accum).backward()
            if (step + 1) % accum == 0 or step + 1 == len(loader):
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
            running += loss.item() * labels.size(0)
            correct += (logits.argmax(1) == labels).sum().item()
            total += labels.size(0)
        print(f"epoch {epoch}: loss {running / total:.4f} acc {correct / total:.3f} "
              f"lr {scheduler.get_last_lr()[0]:.5f}")


if __name__ == "__main__":
    main()
