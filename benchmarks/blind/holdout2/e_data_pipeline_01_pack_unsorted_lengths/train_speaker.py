from dataclasses import dataclass, field, fields
import argparse

import torch
from torch.utils.data import DataLoader

from src.encoder import SpeakerEncoder
from src.features import N_MFCC, SpeakerClips, collate_clips


@dataclass
class TrainConfig:
    n_speakers: int = 6
    n_train: int = 192
    n_val: int = 64
    hidden: int = 32
    batch_size: int = 32
    lr: float = 2e-3
    epochs: int = 5
    grad_clip: float = 1.0
    tags: list = field(default_factory=lambda: ["gru", "speaker-id"])


def parse() -> TrainConfig:
    ap = argparse.ArgumentParser()
    for f in fields(TrainConfig):
        if f.type in (int, float):
            ap.add_argument(f"--{f.name.replace('_', '-')}", type=f.type, default=f.default)
    return TrainConfig(**vars(ap.parse_args()))


def main():
    cfg = parse()
    torch.manual_seed(0)
    train_dl = DataLoader(SpeakerClips(cfg.n_train, cfg.n_speakers, seed=0), batch_size=cfg.batch_size,
                          shuffle=True, collate_fn=collate_clips)
    val_dl = DataLoader(SpeakerClips(cfg.n_val, cfg.n_speakers, seed=1), batch_size=cfg.batch_size,
                        collate_fn=collate_clips)
    model = SpeakerEncoder(N_MFCC, cfg.hidden, cfg.n_speakers)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)

    for epoch in range(cfg.epochs):
        model.train()
        for step, (x, lengths, y) in enumerate(train_dl):
            loss = torch.nn.functional.cross_entropy(model(x, lengths), y)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.grad_clip)
            opt.step()
            if step % 10 == 0:
                print(f"epoch {epoch} step {step:3d} loss {loss.item():.4f}")
        model.eval()
        correct = 0
        with torch.no_grad():
            for x, lengths, y in val_dl:
                correct += (model(x, lengths).argmax(1) == y).sum().item()
        print(f"epoch {epoch} speaker-id acc {correct / cfg.n_val:.3f}")


if __name__ == "__main__":
    main()
