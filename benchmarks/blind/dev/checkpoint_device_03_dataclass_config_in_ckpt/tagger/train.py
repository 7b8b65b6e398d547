import argparse
import logging

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from . import ckpt
from .config import TrainConfig
from .model import GRUClassifier

log = logging.getLogger("tagger")


def synthetic_corpus(cfg, n=192, seed=0):
    # label = which "keyword" band dominates the sequence
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, cfg.num_labels, (n,), generator=g)
    band = (cfg.vocab_size - 1) // cfg.num_labels
    noise = torch.randint(1, cfg.vocab_size, (n, cfg.seq_len), generator=g)
    keyword = 1 + labels[:, None] * band + torch.randint(0, band, (n, cfg.seq_len), generator=g)
    mask = torch.rand(n, cfg.seq_len, generator=g) < 0.4
    tokens = torch.where(mask, keyword, noise)
    return TensorDataset(tokens, labels)


def run_epoch(model, loader, opt, cfg):
    model.train()
    tot, n = 0.0, 0
    for tokens, labels in loader:
        logits = model(tokens)
        loss = F.cross_entropy(logits, labels)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.grad_clip)
        opt.step()
        tot += loss.item() * labels.size(0)
        n += labels.size(0)
    return tot / n


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=TrainConfig.epochs)
    ap.add_argument("--lr", type=float, default=TrainConfig.lr)
    a = ap.parse_args()
    cfg = TrainConfig(epochs=a.epochs, lr=a.lr)

    torch.manual_seed(0)
    train_ds = synthetic_corpus(cfg, seed=0)
    test_ds = synthetic_corpus(cfg, n=64, seed=1)
    loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)

    model = GRUClassifier.from_config(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        loss = run_epoch(model, loader, opt, cfg)
        path = ckpt.save(cfg, model, epoch)
        log.info("epoch %d loss %.4f -> %s", epoch, loss, path)

    # sanity check: the exported checkpoint must be loadable on its own
    model2, cfg2 = ckpt.load_for_inference(path)
    tokens, labels = test_ds.tensors
    with torch.no_grad():
        acc = (model2(tokens).argmax(1) == labels).float().mean().item()
    log.info("reloaded model (hidden=%d) test acc %.3f", cfg2.hidden_dim, acc)


if __name__ == "__main__":
    main()
