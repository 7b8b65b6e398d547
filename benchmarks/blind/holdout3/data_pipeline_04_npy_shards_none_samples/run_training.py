import logging
import os

import torch
import torch.nn.functional as F

from birds.data import make_loaders
from birds.model import mel_cnn
from birds.prepare import SPECIES, export_clips

logging.basicConfig(level=logging.ERROR)
WORKDIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "export")


def main():
    manifest = os.path.join(WORKDIR, "manifest.json")
    if not os.path.exists(manifest):
        manifest = export_clips(WORKDIR)
    train_dl, val_dl = make_loaders(manifest, batch_size=32)

    torch.manual_seed(0)
    model = mel_cnn(len(SPECIES))
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    for epoch in range(2):
        model.train()
        for x, y in train_dl:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        right = total = 0
        with torch.no_grad():
            for x, y in val_dl:
                right += (model(x).argmax(1) == y).sum().item()
                total += len(y)
        print(f"epoch {epoch}: loss {loss.item():.3f} val acc {right / total:.3f} ({total} clips)")


if __name__ == "__main__":
    main()
