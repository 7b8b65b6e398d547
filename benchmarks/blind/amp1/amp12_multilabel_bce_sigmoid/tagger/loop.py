import contextlib

import torch
from torch.utils.data import DataLoader

from .losses import balanced_bce, f1_at, tag_frequencies


def _precision_ctx(device_type, precision):
    if precision == "fp32":
        return contextlib.nullcontext()
    return torch.autocast(device_type, dtype=torch.bfloat16)


def run(model, train_ds, val_ds, args):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model.to(device)
    tag_freq = tag_frequencies(train_ds).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=64)

    for epoch in range(args.epochs):
        model.train()
        running, steps = 0.0, 0
        for spec, tags in train_dl:
            spec, tags = spec.to(device), tags.to(device)
            with _precision_ctx(device.type, args.precision):
                probs = model(spec)
            loss = balanced_bce(probs, tags, tag_freq)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            running += loss.item()
            steps += 1

        model.eval()
        f1s = []
        with torch.no_grad():
            for spec, tags in val_dl:
                with _precision_ctx(device.type, args.precision):
                    probs = model(spec.to(device))
                f1s.append(f1_at(probs, tags.to(device), args.threshold))
        print(f"epoch {epoch}: loss={running / steps:.4f} val_f1={sum(f1s) / len(f1s):.3f}")
