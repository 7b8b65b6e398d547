import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from tagger.data import TAGS, ClipEmbeddings
from tagger.utils import micro_f1, positive_weights


class TagHead(nn.Module):
    def __init__(self, d_in, n_tags, hidden=64):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(d_in, hidden), nn.GELU(), nn.Dropout(0.1), nn.Linear(hidden, n_tags))

    def forward(self, x):
        return self.mlp(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--bs", type=int, default=32)
    args = ap.parse_args()

    torch.manual_seed(5)
    train, val = ClipEmbeddings(320, seed=5), ClipEmbeddings(80, seed=6)
    pos_weight = positive_weights(train.y)
    print("pos_weight:", {t: round(w, 2) for t, w in zip(TAGS, pos_weight.tolist())})

    model = TagHead(48, len(TAGS))
    criterion = nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    loader = DataLoader(train, batch_size=args.bs, shuffle=True)
    vx, vy = torch.from_numpy(val.x), torch.from_numpy(val.y)

    for epoch in range(args.epochs):
        model.train()
        running = 0.0
        for x, y in loader:
            loss = criterion(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        model.eval()
        with torch.no_grad():
            f1 = micro_f1(model(vx), vy)
        print(f"epoch {epoch}  loss {running / len(loader):.4f}  val micro-F1 {f1:.3f}")


if __name__ == "__main__":
    main()
