import argparse
import os

import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

from credit.model import RiskNet
from credit.preprocessing import StandardScaler, simulate_applications
from credit.utils.checkpoint import load_bundle, save_bundle

BUNDLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "artifacts", "risknet.pt")


def auc(scores, labels):
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    pos = labels == 1
    return (ranks[pos].sum() - pos.sum() * (pos.sum() + 1) / 2) / (pos.sum() * (~pos).sum())


def train(args):
    x, y = simulate_applications(2000, seed=0)
    scaler = StandardScaler().fit(x)
    ds = TensorDataset(torch.from_numpy(scaler.transform(x)), torch.from_numpy(y))
    loader = DataLoader(ds, batch_size=args.batch_size, shuffle=True)
    torch.manual_seed(0)
    model = RiskNet(x.shape[1])
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=torch.tensor(4.0))
    for epoch in range(args.epochs):
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        with torch.no_grad():
            train_auc = auc(model(ds.tensors[0]).numpy(), y)
        print(f"epoch {epoch}: loss {loss.item():.4f} train AUC {train_auc:.3f}")
    save_bundle(BUNDLE, model, scaler, {"train_auc": train_auc}, vars(args))


def predict(args):
    bundle = load_bundle(BUNDLE)
    scaler = StandardScaler.from_stats(bundle["scaler"]["mean"], bundle["scaler"]["scale"])
    model = RiskNet(len(scaler.mean_))
    model.load_state_dict(bundle["state_dict"])
    model.eval()
    x_new, y_new = simulate_applications(500, seed=1)
    with torch.no_grad():
        p = torch.sigmoid(model(torch.from_numpy(scaler.transform(x_new)))).numpy()
    print(f"holdout AUC {auc(p, y_new):.3f} (train AUC was {bundle['metrics']['train_auc']:.3f})")
    print(f"flagged {int((p > 0.5).sum())} of {len(p)} applications")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--do-train", action="store_true")
    ap.add_argument("--do-predict", action="store_true")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()
    if args.do_train:
        train(args)
    if args.do_predict:
        predict(args)
