import argparse
import json

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, random_split

from features import KEYWORDS, MfccKeywords
from model import AttentivePoolClassifier


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--input-dim", type=int, default=40, help="feature size per frame")
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--out", default="kws_model.pt")
    return p.parse_args()


def run_epoch(model, loader, optimizer=None):
    training = optimizer is not None
    model.train(training)
    tot_loss, tot_correct, n = 0.0, 0, 0
    with torch.set_grad_enabled(training):
        for feats, labels in loader:
            logits = model(feats)
            loss = F.cross_entropy(logits, labels)
            if training:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            tot_loss += loss.item() * labels.size(0)
            tot_correct += (logits.argmax(1) == labels).sum().item()
            n += labels.size(0)
    return tot_loss / n, tot_correct / n


def main():
    args = get_args()
    torch.manual_seed(0)
    ds = MfccKeywords()
    train_ds, val_ds = random_split(ds, [len(ds) - 64, 64], generator=torch.Generator().manual_seed(1))
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=args.batch_size)

    model = AttentivePoolClassifier(args.input_dim, args.heads, len(KEYWORDS))
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    history = []
    for epoch in range(args.epochs):
        tr = run_epoch(model, train_dl, optimizer)
        va = run_epoch(model, val_dl)
        history.append({"epoch": epoch, "train_loss": tr[0], "val_loss": va[0], "val_acc": va[1]})
        print(json.dumps(history[-1]))
    torch.save({"args": vars(args), "model": model.state_dict()}, args.out)


if __name__ == "__main__":
    main()
