import argparse
import math
import time

import torch
from torch.utils.data import DataLoader

from corpus import CharDataset
from lstm_lm import CharLSTM


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--block-size", type=int, default=32)
    ap.add_argument("--save", default="char_lstm.pt")
    return ap.parse_args()


def main():
    args = get_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"using {device}")
    ds = CharDataset(block_size=args.block_size)
    loader = DataLoader(ds, batch_size=args.batch_size, shuffle=True, drop_last=True)
    model = CharLSTM(ds.vocab_size).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        t0 = time.time()
        model.train()
        total = 0.0
        for step, (x, y) in enumerate(loader):
            x, y = x.to(device), y.to(device)
            loss = model.loss(x, y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            total += loss.item()
        avg = total / len(loader)
        print(f"epoch {epoch + 1}: loss {avg:.3f} ppl {math.exp(avg):.1f} ({time.time() - t0:.1f}s)")
    torch.save(model.state_dict(), args.save)


if __name__ == "__main__":
    main()
