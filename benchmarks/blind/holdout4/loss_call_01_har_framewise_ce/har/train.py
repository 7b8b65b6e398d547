import argparse
import tomllib

import torch
from torch.utils.data import DataLoader

from .data import ChunkedSessions, simulate_sessions
from .losses import class_weights, framewise_accuracy, framewise_loss
from .model import FrameTagger


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/har.toml")
    args = ap.parse_args()
    with open(args.config, "rb") as f:
        cfg = tomllib.load(f)
    d, m, t = cfg["data"], cfg["model"], cfg["train"]
    n_classes = len(d["activities"])

    torch.manual_seed(d["seed"])
    X, Y = simulate_sessions(d["n_sessions"], d["session_len"], d["channels"], n_classes, d["seed"])
    n_val = d["n_sessions"] // 6
    train_ds = ChunkedSessions(X[n_val:], Y[n_val:], d["chunk_len"])
    val_ds = ChunkedSessions(X[:n_val], Y[:n_val], d["chunk_len"])
    train_dl = DataLoader(train_ds, batch_size=t["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=t["batch_size"])

    model = FrameTagger(d["channels"], n_classes, m["hidden"], m["kernel"], m["bidirectional"])
    opt = torch.optim.AdamW(model.parameters(), lr=t["lr"])
    weight = class_weights(train_ds.y, n_classes)

    for epoch in range(t["epochs"]):
        model.train()
        for step, (x, y) in enumerate(train_dl):
            logits = model(x)
            loss = framewise_loss(logits, y, weight, t["label_smoothing"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            accs = [framewise_accuracy(model(x), y) for x, y in val_dl]
        print(f"epoch {epoch}: last_loss={loss.item():.4f} val_frame_acc={sum(accs) / len(accs):.3f}")


if __name__ == "__main__":
    main()
