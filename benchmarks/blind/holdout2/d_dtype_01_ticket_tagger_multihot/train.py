import argparse

import torch
import yaml
from torch import nn
from torch.utils.data import DataLoader, random_split

from corpus import TAGS, make_tickets
from data import TicketDataset, Vocab
from model import BagOfEmbeddingsTagger


def micro_f1(logits, target, threshold):
    pred = (torch.sigmoid(logits) > threshold).float()
    target = target.float()
    tp = (pred * target).sum()
    fp = (pred * (1 - target)).sum()
    fn = ((1 - pred) * target).sum()
    return (2 * tp / (2 * tp + fp + fn).clamp(min=1)).item()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--config", default="config.yaml")
    p.add_argument("--epochs", type=int)
    args = p.parse_args()
    cfg = yaml.safe_load(open(args.config))
    epochs = args.epochs or cfg["train"]["epochs"]
    torch.manual_seed(0)

    tickets = make_tickets(cfg["data"]["n_samples"])
    vocab = Vocab([t for t, _ in tickets], cfg["data"]["min_freq"])
    full = TicketDataset(tickets, vocab, TAGS, cfg["data"]["max_len"])
    n_val = len(full) // 5
    train_ds, val_ds = random_split(full, [len(full) - n_val, n_val], generator=torch.Generator().manual_seed(0))
    train_dl = DataLoader(train_ds, batch_size=cfg["train"]["batch_size"], shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=64)

    model = BagOfEmbeddingsTagger(len(vocab), cfg["model"]["embed_dim"], cfg["model"]["hidden"], len(TAGS))
    criterion = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])

    for epoch in range(epochs):
        model.train()
        running = 0.0
        for ids, target in train_dl:
            opt.zero_grad()
            loss = criterion(model(ids), target)
            loss.backward()
            opt.step()
            running += loss.item()
        model.eval()
        with torch.no_grad():
            logits, targets = zip(*[(model(ids), t) for ids, t in val_dl])
        f1 = micro_f1(torch.cat(logits), torch.cat(targets), cfg["train"]["threshold"])
        print(f"epoch {epoch + 1}: loss {running / len(train_dl):.4f}  val micro-F1 {f1:.3f}")


if __name__ == "__main__":
    main()
