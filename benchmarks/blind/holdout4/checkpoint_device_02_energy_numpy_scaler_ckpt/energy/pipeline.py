import os

import numpy as np
import torch
from torch.utils.data import DataLoader

from .checkpointing import load_bundle, save_bundle
from .network import EnergyRegressor
from .options import get_parser
from .tabular import COLUMNS, StandardScaler, synth_buildings, to_dataset


def train(args, X_tr, y_tr, X_va, y_va, ckpt_path):
    scaler = StandardScaler().fit(X_tr)
    train_dl = DataLoader(to_dataset(X_tr, y_tr, scaler), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(to_dataset(X_va, y_va, scaler), batch_size=args.batch_size)
    model = EnergyRegressor(len(COLUMNS), args.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    best = float("inf")
    for epoch in range(args.epochs):
        model.train()
        for xb, yb in train_dl:
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            rmse = np.sqrt(sum(torch.nn.functional.mse_loss(model(xb), yb, reduction="sum").item()
                               for xb, yb in val_dl) / len(val_dl.dataset))
        print(f"epoch {epoch}: val_rmse(log kWh)={rmse:.4f}")
        if rmse < best:
            best = rmse
            save_bundle(ckpt_path, model, opt, scaler, epoch, {"val_rmse": rmse})


def predict(args, X, ckpt_path):
    bundle = load_bundle(ckpt_path)
    scaler = StandardScaler().load_state_dict(bundle["scaler"])
    model = EnergyRegressor(len(COLUMNS), args.hidden)
    model.load_state_dict(bundle["model"])
    model.eval()
    with torch.no_grad():
        x = torch.tensor(scaler.transform(X), dtype=torch.float32)
        return torch.expm1(model(x)).numpy(), bundle["epoch"]


def main():
    args = get_parser().parse_args()
    torch.manual_seed(args.seed)
    X, y = synth_buildings(args.n_buildings, args.seed)
    n_tr, n_va = int(0.7 * len(X)), int(0.15 * len(X))
    ckpt_path = os.path.join(args.workdir, "best.pt")
    train(args, X[:n_tr], y[:n_tr], X[n_tr:n_tr + n_va], y[n_tr:n_tr + n_va], ckpt_path)
    preds, epoch = predict(args, X[n_tr + n_va:], ckpt_path)
    mape = np.mean(np.abs(preds - np.expm1(y[n_tr + n_va:])) / np.expm1(y[n_tr + n_va:]))
    print(f"holdout MAPE with checkpoint from epoch {epoch}: {mape:.3f}")


if __name__ == "__main__":
    main()
