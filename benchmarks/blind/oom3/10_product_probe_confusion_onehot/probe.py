"""Linear / MLP probe on frozen image embeddings for fine-grained product recognition."""
import argparse
import time

import torch
import torch.nn as nn
import yaml

from metrics import classification_report


def load_cfg(path):
    with open(path) as f:
        return yaml.safe_load(f)


def fake_embeddings(n, dim, num_classes, protos, g):
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = protos[y] + 0.8 * torch.randn(n, dim, generator=g)
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="probe.yaml")
    cfg = load_cfg(ap.parse_args().config)
    g = torch.Generator().manual_seed(cfg["seed"])
    torch.manual_seed(cfg["seed"])
    C, D = cfg["num_classes"], cfg["emb_dim"]
    protos = torch.randn(C, D, generator=g) * 0.35
    x_tr, y_tr = fake_embeddings(cfg["n_train"], D, C, protos, g)
    x_va, y_va = fake_embeddings(cfg["n_val"], D, C, protos, g)

    head = nn.Sequential(nn.Linear(D, cfg["hidden"]), nn.ReLU(), nn.Dropout(0.2), nn.Linear(cfg["hidden"], C))
    opt = torch.optim.SGD(head.parameters(), lr=cfg["lr"], momentum=0.9, weight_decay=1e-4)
    steps = cfg["epochs"] * ((cfg["n_train"] + cfg["batch_size"] - 1) // cfg["batch_size"])
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg["lr"], total_steps=steps)
    crit = nn.CrossEntropyLoss(label_smoothing=0.1)

    for epoch in range(cfg["epochs"]):
        t0 = time.time()
        head.train()
        perm = torch.randperm(cfg["n_train"], generator=g)
        for s in range(0, cfg["n_train"], cfg["batch_size"]):
            idx = perm[s:s + cfg["batch_size"]]
            loss = crit(head(x_tr[idx]), y_tr[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        head.eval()
        with torch.no_grad():
            preds = torch.cat([head(x_va[s:s + 4096]).argmax(1) for s in range(0, len(x_va), 4096)])
        rep = classification_report(preds, y_va, C)
        print(f"epoch {epoch}: loss {loss.item():.3f} acc {rep['acc']:.4f} macro-R {rep['macro_recall']:.4f} "
              f"macro-F1 {rep['macro_f1']:.4f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
