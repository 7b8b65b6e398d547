import sys

import torch

from config import CONFIG
from housing.data import load_housing, Standardizer, make_loaders
from housing.model import PriceRegressor
from housing.engine import train_one_epoch, evaluate


def main(argv):
    cfg = dict(CONFIG)
    if "--epochs" in argv:
        cfg["epochs"] = int(argv[argv.index("--epochs") + 1])
    torch.manual_seed(cfg["seed"])

    (x_tr, y_tr), (x_va, y_va) = load_housing(cfg["n_train"], cfg["n_val"], seed=cfg["seed"])
    scaler = Standardizer().fit(x_tr)
    x_tr, x_va = scaler.transform(x_tr), scaler.transform(x_va)
    y_mean, y_std = y_tr.mean(), y_tr.std()
    y_tr, y_va = (y_tr - y_mean) / y_std, (y_va - y_mean) / y_std

    train_loader, val_loader = make_loaders(x_tr, y_tr, x_va, y_va, cfg["batch_size"])

    model = PriceRegressor(x_tr.shape[1], cfg["hidden_sizes"], cfg["dropout"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    loss_fn = torch.nn.MSELoss()

    for epoch in range(cfg["epochs"]):
        tr_loss = train_one_epoch(model, train_loader, optimizer, loss_fn)
        va_loss, va_mae = evaluate(model, val_loader, loss_fn)
        print(f"Epoch {epoch:02d} | train mse {tr_loss:.4f} | val mse {va_loss:.4f} | val mae {va_mae * y_std.item():.2f}k")


if __name__ == "__main__":
    main(sys.argv[1:])
