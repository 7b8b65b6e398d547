import argparse
import os

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from textcls.data import SyntheticReviews
from textcls.model import ReviewClassifier


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for ids, labels in loader:
            correct += (model(ids).argmax(-1) == labels).sum().item()
            total += labels.numel()
    model.train()
    return correct / max(total, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.yaml")
    parser.add_argument("--pretrained", default="encoder.pt")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(cfg["train"]["seed"])

    d, m, t = cfg["data"], cfg["model"], cfg["train"]
    train_set = SyntheticReviews(d["num_train"], d["vocab_size"], d["min_len"], d["max_seq"],
                                 m["num_classes"], max_len=d["max_len"], seed=1)
    val_set = SyntheticReviews(d["num_val"], d["vocab_size"], d["min_len"], d["max_seq"],
                               m["num_classes"], max_len=d["max_len"], seed=2)
    train_loader = DataLoader(train_set, batch_size=t["batch_size"], shuffle=True)
    val_loader = DataLoader(val_set, batch_size=t["batch_size"])

    model = ReviewClassifier(d["vocab_size"], m["d_model"], m["nhead"], m["num_layers"],
                             m["num_classes"], freeze_encoder=m["freeze_encoder"])
    if os.path.exists(args.pretrained):
        model.backbone.load_state_dict(torch.load(args.pretrained))
        print(f"loaded encoder from {args.pretrained}")
    optimizer = torch.optim.AdamW(model.parameters(), lr=t["lr"], weight_decay=0.0)

    for epoch in range(t["epochs"]):
        running = 0.0
        for step, (ids, labels) in enumerate(train_loader):
            logits = model(ids)
            loss = F.cross_entropy(logits, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item()
        acc = evaluate(model, val_loader)
        print(f"epoch {epoch} loss {running / (step + 1):.4f} val_acc {acc:.3f}")


if __name__ == "__main__":
    main()
