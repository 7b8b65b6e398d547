from __future__ import annotations

import argparse
import logging
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from churn.checkpoint import load_for_inference, save_best
from churn.config import ExperimentConfig
from churn.data import split_and_scale, synth_churn
from churn.metrics import roc_auc
from churn.models import create_model

logger = logging.getLogger("churn")


@torch.no_grad()
def predict(model: nn.Module, loader: DataLoader) -> tuple[np.ndarray, np.ndarray]:
    model.eval()
    scores, labels = [], []
    for x, y in loader:
        scores.append(torch.sigmoid(model(x)).numpy())
        labels.append(y.numpy())
    return np.concatenate(scores), np.concatenate(labels)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, required=True)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    cfg = ExperimentConfig.from_toml(args.config)
    torch.manual_seed(cfg.data.seed)
    train_ds, val_ds, scaler = split_and_scale(cfg.data)
    train_dl = DataLoader(train_ds, batch_size=cfg.train.batch_size, shuffle=True)
    val_dl = DataLoader(val_ds, batch_size=cfg.train.batch_size)

    model = create_model(cfg.data.n_numeric, cfg.model)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.train.lr)
    loss_fn = nn.BCEWithLogitsLoss()
    ckpt_path = Path(cfg.train.out_dir) / "best.pt"

    best_auc = -1.0
    for epoch in range(1, cfg.train.epochs + 1):
        model.train()
        for x, y in train_dl:
            optimizer.zero_grad(set_to_none=True)
            loss = loss_fn(model(x), y)
            loss.backward()
            optimizer.step()
        val_auc = roc_auc(*predict(model, val_dl))
        logger.info("epoch=%d loss=%.4f val_auc=%.4f", epoch, loss.item(), val_auc)
        if val_auc > best_auc:
            best_auc = val_auc
            save_best(ckpt_path, model, optimizer, scaler, epoch, {"val_auc": val_auc})

    # score a fresh batch of "production" rows with the best checkpoint
    fresh_model = create_model(cfg.data.n_numeric, cfg.model)
    fresh_model, loaded_scaler, metrics = load_for_inference(ckpt_path, fresh_model)
    x_new, _ = synth_churn(cfg.data)
    with torch.no_grad():
        probs = torch.sigmoid(fresh_model(torch.from_numpy(loaded_scaler(x_new[:100]))))
    logger.info("restored checkpoint (val_auc=%.4f); mean churn prob on new rows: %.3f",
                metrics["val_auc"], probs.mean().item())


if __name__ == "__main__":
    main()
