import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from accum import OptimizerWrapper
from dataset import VOCAB, ToySentiment, collate
from model import BagOfEmbeddings
from schedulers import make_scheduler


def evaluate(model, loader):
    model.eval()
    loss_sum, correct, n = 0.0, 0, 0
    with torch.no_grad():
        for x, lengths, y in loader:
            out = model(x, lengths)
            loss_sum += F.cross_entropy(out, y, reduction="sum").item()
            correct += (out.argmax(1) == y).sum().item()
            n += len(y)
    model.train()
    return loss_sum / n, correct / n


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--accum-steps", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--scheduler", choices=["plateau", "exp", "none"], default="plateau")
    parser.add_argument("--gamma", type=float, default=0.9)
    args = parser.parse_args()

    torch.manual_seed(0)
    train_loader = DataLoader(ToySentiment(600, seed=1), batch_size=args.batch_size, shuffle=True, collate_fn=collate)
    val_loader = DataLoader(ToySentiment(150, seed=2), batch_size=64, collate_fn=collate)

    model = BagOfEmbeddings(VOCAB)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    if args.accum_steps > 1:
        optimizer = OptimizerWrapper(optimizer, args.accum_steps)
    scheduler = make_scheduler(optimizer, args)

    for epoch in range(args.epochs):
        for x, lengths, y in train_loader:
            loss = F.cross_entropy(model(x, lengths), y) / args.accum_steps
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
        val_loss, val_acc = evaluate(model, val_loader)
        if isinstance(scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
            scheduler.step(val_loss)
        elif scheduler is not None:
            scheduler.step()
        print(f"epoch {epoch} val_loss {val_loss:.4f} val_acc {val_acc:.3f} lr {optimizer.param_groups[0]['lr']:.4g}")


if __name__ == "__main__":
    main()
