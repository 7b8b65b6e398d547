import time

import torch
import torch.nn.functional as F


def macro_f1(pred, target, n_classes):
    f1s = []
    for c in range(n_classes):
        tp = ((pred == c) & (target == c)).sum().item()
        fp = ((pred == c) & (target != c)).sum().item()
        fn = ((pred != c) & (target == c)).sum().item()
        denom = 2 * tp + fp + fn
        f1s.append(2 * tp / denom if denom else 0.0)
    return sum(f1s) / n_classes


@torch.no_grad()
def evaluate(model, loader, n_classes):
    model.eval()
    preds, targets, loss_sum = [], [], 0.0
    for x, y in loader:
        logits = model(x)
        loss_sum += F.cross_entropy(logits, y, reduction="sum").item()
        preds.append(logits.argmax(1))
        targets.append(y)
    preds, targets = torch.cat(preds), torch.cat(targets)
    return loss_sum / len(targets), macro_f1(preds, targets, n_classes)


def fit(model, loaders, cfg):
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    best = {"best_f1": -1.0, "best_epoch": -1}

    model.train()
    for epoch in range(1, cfg.epochs + 1):
        start = time.time()
        total, seen = 0.0, 0
        for x, y in loaders["train"]:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item() * y.size(0)
            seen += y.size(0)

        val_loss, val_f1 = evaluate(model, loaders["val"], cfg.n_classes)
        if val_f1 > best["best_f1"]:
            best = {"best_f1": val_f1, "best_epoch": epoch}
        print(
            f"Epoch {epoch}/{cfg.epochs} - loss: {total / seen:.4f} - "
            f"val_loss: {val_loss:.4f} - val_f1: {val_f1:.3f} - {time.time() - start:.1f}s"
        )
    return best
