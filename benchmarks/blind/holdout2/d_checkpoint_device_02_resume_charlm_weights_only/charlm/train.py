import argparse
import math
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from . import checkpointing
from .config import LMConfig
from .model import CharLSTM
from .text import CHARS, CharWindows


def main():
    ap = argparse.ArgumentParser(description="character-level LSTM language model")
    ap.add_argument("--epochs", type=int, default=LMConfig.epochs)
    ap.add_argument("--resume", default=None, help="checkpoint to continue from")
    ap.add_argument("--out", default="runs/last.pt")
    args = ap.parse_args()
    cfg = LMConfig(epochs=args.epochs)
    torch.manual_seed(0)

    loader = DataLoader(CharWindows(cfg.seq_len, cfg.samples_per_epoch), batch_size=cfg.batch_size, shuffle=True)
    model = CharLSTM(len(CHARS), cfg.embed_dim, cfg.hidden, cfg.layers, cfg.dropout)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    start_epoch = checkpointing.resume(args.resume, model, opt) if args.resume else 0

    for epoch in range(start_epoch, cfg.epochs):
        model.train()
        total = 0.0
        for x, y in loader:
            logits = model(x)
            loss = F.cross_entropy(logits.flatten(0, 1), y.flatten())
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            total += loss.item()
        avg = total / len(loader)
        print(f"epoch {epoch}: loss {avg:.3f} ppl {math.exp(avg):.1f}")
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        checkpointing.save(args.out, model, opt, epoch, cfg)


if __name__ == "__main__":
    main()
