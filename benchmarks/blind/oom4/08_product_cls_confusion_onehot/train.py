import json
import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from utils.metrics import confusion_matrix, macro_f1

SETTINGS = {
    "num_classes": int(os.getenv("NUM_CLASSES", 1000)),
    "feat_dim": int(os.getenv("FEAT_DIM", 256)),
    "n_train": int(os.getenv("N_TRAIN", 20000)),
    "n_val": int(os.getenv("N_VAL", 60000)),
    "batch_size": int(os.getenv("BATCH_SIZE", 256)),
    "epochs": int(os.getenv("EPOCHS", 2)),
    "lr": float(os.getenv("LR", 0.05)),
}


def synth(n, protos, seed):
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, protos.size(0), (n,), generator=g)
    return protos[y] + torch.randn(n, protos.size(1), generator=g), y


def main():
    print(json.dumps(SETTINGS))
    torch.manual_seed(0)
    C, D = SETTINGS["num_classes"], SETTINGS["feat_dim"]
    protos = torch.randn(C, D) * 0.5
    xtr, ytr = synth(SETTINGS["n_train"], protos, 1)
    xva, yva = synth(SETTINGS["n_val"], protos, 2)

    head = nn.Sequential(nn.Dropout(0.1), nn.Linear(D, C))
    opt = torch.optim.SGD(head.parameters(), lr=SETTINGS["lr"], momentum=0.9, nesterov=True)
    steps = SETTINGS["epochs"] * ((len(xtr) + SETTINGS["batch_size"] - 1) // SETTINGS["batch_size"])
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=SETTINGS["lr"], total_steps=steps)

    for epoch in range(SETTINGS["epochs"]):
        t0 = time.time()
        head.train()
        perm = torch.randperm(len(xtr))
        for i in range(0, len(xtr), SETTINGS["batch_size"]):
            idx = perm[i:i + SETTINGS["batch_size"]]
            loss = F.cross_entropy(head(xtr[idx]), ytr[idx], label_smoothing=0.1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()

        head.eval()
        with torch.no_grad():
            preds = torch.cat([head(xva[i:i + 4096]).argmax(1) for i in range(0, len(xva), 4096)])
        cm = confusion_matrix(yva, preds, C)
        acc = cm.diag().sum().item() / len(yva)
        print(f"epoch {epoch}: loss {loss.item():.3f} val_acc {acc:.3f} macro_f1 {macro_f1(cm):.3f} "
              f"({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
