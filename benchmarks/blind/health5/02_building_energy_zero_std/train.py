import torch
from torch.utils.data import DataLoader

from energy.config import Config
from energy.data.synthetic import load_table
from energy.data.preprocess import make_datasets
from energy.models.mlp import build_regressor
from energy.engine import train_one_epoch, evaluate


def main():
    cfg = Config()
    torch.manual_seed(0)
    X, y = load_table(cfg.data)
    train_ds, val_ds, _ = make_datasets(X, y, cfg.data)
    train_dl = DataLoader(train_ds, batch_size=cfg.train.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=256)

    model = build_regressor(X.shape[1], cfg.train.hidden)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.train.lr, weight_decay=cfg.train.weight_decay)
    for epoch in range(1, cfg.train.epochs + 1):
        tr = train_one_epoch(model, train_dl, opt)
        va = evaluate(model, val_dl)
        print(f"epoch {epoch:02d} | train_mse {tr:.4f} | val_mse {va:.4f}")


if __name__ == "__main__":
    main()
