import argparse

import torch
import torch.nn.functional as F
import yaml
from torch.utils.data import DataLoader

from audio.data import SyntheticSpectrograms
from audio.model import AudioTagger
from audio.optim_factory import build_optimizer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    torch.manual_seed(cfg["seed"])

    ds = SyntheticSpectrograms(cfg["n_clips"], cfg["n_mels"], cfg["frames"], cfg["n_classes"], cfg["seed"])
    loader = DataLoader(ds, batch_size=cfg["micro_batch"], shuffle=True)
    model = AudioTagger(cfg["n_classes"])
    optimizer = build_optimizer(model, cfg["lr"], cfg["encoder_lr_mult"], cfg["weight_decay"])
    accum = cfg["grad_accum"]

    for epoch in range(cfg["epochs"]):
        model.train()
        optimizer.zero_grad(set_to_none=True)
        running, correct = 0.0, 0
        for i, (x, y) in enumerate(loader):
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            (loss / accum).backward()
            if (i + 1) % accum == 0 or (i + 1) == len(loader):
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
            running += loss.item()
            correct += (logits.argmax(1) == y).sum().item()
        print(f"epoch {epoch} loss {running / len(loader):.4f} train_acc {correct / len(ds):.3f}")


if __name__ == "__main__":
    main()
