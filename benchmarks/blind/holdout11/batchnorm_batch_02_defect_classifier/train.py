import json
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from boards import SyntheticBoards
from network import DefectNet
from utils.metrics import confusion_matrix, per_class_recall
from utils.visualize import log_predictions

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "config.json")) as f:
    CFG = json.load(f)


def main():
    torch.manual_seed(0)
    n_classes = len(CFG["classes"])
    train_ds = SyntheticBoards(CFG["train_per_class"], CFG["image_size"], n_classes, seed=0)
    val_ds = SyntheticBoards(CFG["val_per_class"], CFG["image_size"], n_classes, seed=1)
    train_dl = DataLoader(train_ds, batch_size=CFG["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=CFG["batch_size"])

    model = DefectNet(n_classes)
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9, nesterov=True)
    crit = nn.CrossEntropyLoss()
    log_path = os.path.join(HERE, CFG["log_dir"], "predictions.txt")

    for epoch in range(CFG["epochs"]):
        model.train()
        for x, y in train_dl:
            loss = crit(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: last train loss {loss.item():.3f}")

        for line in log_predictions(model, val_ds, CFG["classes"], CFG["preview_samples"], log_path, epoch):
            print("  ", line)

        model.eval()
        preds, labels = [], []
        with torch.no_grad():
            for x, y in val_dl:
                preds.append(model(x).argmax(-1))
                labels.append(y)
        cm = confusion_matrix(torch.cat(preds), torch.cat(labels), n_classes)
        recall = dict(zip(CFG["classes"], [round(r, 3) for r in per_class_recall(cm)]))
        print(f"epoch {epoch}: val recall {recall}")

    torch.save(model.state_dict(), os.path.join(HERE, CFG["log_dir"], "defectnet.pt"))


if __name__ == "__main__":
    main()
