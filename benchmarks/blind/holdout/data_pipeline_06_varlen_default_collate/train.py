import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

from text_stream import build_dataloader


class BagOfWords(nn.Module):
    def __init__(self, buckets=1024, dim=48, n_classes=3):
        super().__init__()
        self.emb = nn.Embedding(buckets, dim, padding_idx=0)
        self.cls = nn.Linear(dim, n_classes)

    def forward(self, ids):
        mask = (ids != 0).unsqueeze(-1).float()
        mean = (self.emb(ids) * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.cls(mean)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=16)
    args = parser.parse_args()
    torch.manual_seed(0)

    train_dl = build_dataloader(480, args.batch_size, seed=0)
    test_dl = build_dataloader(96, 32, seed=99)
    model = BagOfWords()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)

    for epoch in range(args.epochs):
        model.train()
        for step, (ids, labels) in enumerate(train_dl):
            loss = F.cross_entropy(model(ids), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step % 10 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
        model.eval()
        hits = n = 0
        with torch.no_grad():
            for ids, labels in test_dl:
                hits += (model(ids).argmax(-1) == labels).sum().item()
                n += labels.numel()
        print(f"epoch {epoch} test acc {hits / n:.3f}")


if __name__ == "__main__":
    main()
