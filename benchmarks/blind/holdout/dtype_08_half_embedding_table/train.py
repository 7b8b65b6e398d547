import math

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from data import TEXT, CharVocab, RandomWindows
from model import CharLSTM

CFG = {
    "seq_len": 32,
    "batch_size": 16,
    "windows_per_epoch": 128,
    "epochs": 2,
    "lr": 3e-3,
    "clip": 1.0,
}


def main(cfg):
    torch.manual_seed(0)
    vocab = CharVocab(TEXT)
    ids = vocab.encode(TEXT)
    model = CharLSTM(len(vocab.chars))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    for epoch in range(cfg["epochs"]):
        loader = DataLoader(RandomWindows(ids, cfg["seq_len"], cfg["windows_per_epoch"], seed=epoch),
                            batch_size=cfg["batch_size"])
        total, steps = 0.0, 0
        for x, y in loader:
            logits, _ = model(x)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1))
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
            opt.step()
            total += loss.item()
            steps += 1
        avg = total / steps
        print(f"epoch {epoch}: loss {avg:.3f} ppl {math.exp(avg):.1f}")
        print("  sample:", repr(vocab.decode(model.sample(vocab.stoi["t"], 40))))

    torch.save(model.state_dict(), "char_lstm.pt")


if __name__ == "__main__":
    main(CFG)
