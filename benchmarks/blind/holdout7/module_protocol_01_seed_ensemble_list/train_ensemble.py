import json
import os
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

from data_utils import ensure_csv, load_xy, split_and_scale
from ensemble import SeedEnsemble

HERE = os.path.dirname(os.path.abspath(__file__))


def rmse(a, b):
    return float(np.sqrt(np.mean((a - b) ** 2)))


def main():
    cfg_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "params.json")
    with open(cfg_path) as f:
        cfg = json.load(f)
    csv_path = os.path.join(HERE, "data", "houses.csv")
    ensure_csv(csv_path)
    X, y = load_xy(csv_path)
    X_tr, y_tr, X_va, y_va = split_and_scale(X, y, cfg["valid_frac"], cfg["seed"])

    model = SeedEnsemble(X.shape[1], cfg["n_members"], cfg["hidden"], cfg["dropout"], base_seed=cfg["seed"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    loss_fn = torch.nn.MSELoss()
    loader = DataLoader(TensorDataset(torch.from_numpy(X_tr), torch.from_numpy(y_tr)),
                        batch_size=cfg["batch_size"], shuffle=True)

    for epoch in range(cfg["epochs"]):
        model.train()
        for xb, yb in loader:
            optimizer.zero_grad()
            preds = model(xb)
            loss = loss_fn(preds, yb[:, None].expand_as(preds))
            loss.backward()
            optimizer.step()
        model.eval()
        p = model.predict(torch.from_numpy(X_va)).numpy()
        members = model(torch.from_numpy(X_va)).detach().numpy()
        per_member = [rmse(members[:, k], y_va) for k in range(members.shape[1])]
        print(f"epoch {epoch + 1}: ensemble RMSE(log) {rmse(p, y_va):.4f} | members "
              + " ".join(f"{r:.3f}" for r in per_member))

    os.makedirs(os.path.join(HERE, "models"), exist_ok=True)
    torch.save(model.state_dict(), os.path.join(HERE, "models", "seed_ensemble.pt"))


if __name__ == "__main__":
    main()
