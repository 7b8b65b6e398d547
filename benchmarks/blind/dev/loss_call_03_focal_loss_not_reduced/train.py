import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset, random_split

from config import Config
from losses import FocalLoss


def synthetic_imbalanced(cfg, seed=0):
    g = torch.Generator().manual_seed(seed)
    priors = torch.tensor(cfg.class_priors)
    y = torch.multinomial(priors, cfg.n_samples, replacement=True, generator=g)
    means = torch.randn(len(priors), cfg.n_features, generator=g) * 1.5
    x = means[y] + torch.randn(cfg.n_samples, cfg.n_features, generator=g)
    return TensorDataset(x, y)


def macro_recall(pred, y, n_classes):
    recalls = [((pred == c) & (y == c)).sum().item() / max((y == c).sum().item(), 1) for c in range(n_classes)]
    return sum(recalls) / n_classes


def main(cfg: Config):
    torch.manual_seed(0)
    ds = synthetic_imbalanced(cfg)
    n_val = len(ds) // 5
    train_ds, val_ds = random_split(ds, [len(ds) - n_val, n_val])
    train_dl = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg.batch_size)

    n_classes = len(cfg.class_priors)
    model = nn.Sequential(nn.Linear(cfg.n_features, cfg.hidden), nn.ReLU(), nn.Linear(cfg.hidden, n_classes))
    criterion = FocalLoss(gamma=cfg.focal_gamma, alpha=cfg.focal_alpha)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)

    for epoch in range(cfg.epochs):
        model.train()
        for step, (x, y) in enumerate(train_dl):
            loss = criterion(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            pred = torch.cat([model(x).argmax(1) for x, _ in val_dl])
            gold = torch.cat([y for _, y in val_dl])
        print(f"epoch {epoch}: focal loss {loss.item():.4f}  macro recall {macro_recall(pred, gold, n_classes):.3f}")
    torch.save(model.state_dict(), cfg.ckpt_path)


if __name__ == "__main__":
    main(Config())
