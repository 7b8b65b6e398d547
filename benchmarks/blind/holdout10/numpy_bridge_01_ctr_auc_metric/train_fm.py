import argparse
import os

import torch
from torch.utils.data import DataLoader

from ctr.data import FIELDS, SyntheticClicks
from ctr.fm import DeepFM
from ctr.trainer import CTRTrainer
from utils.logger import JsonlLogger

ROOT = os.path.dirname(os.path.abspath(__file__))


def main():
    p = argparse.ArgumentParser(description="DeepFM on synthetic click logs")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--embed-dim", type=int, default=8)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--log-dir", default=os.path.join(ROOT, "logs"))
    args = p.parse_args()

    torch.manual_seed(7)
    train_set = SyntheticClicks(6000, seed=0)
    val_set = SyntheticClicks(2000, seed=1)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=512)
    model = DeepFM(train_set.n_features, len(FIELDS), k=args.embed_dim)
    logger = JsonlLogger(os.path.join(args.log_dir, "train.jsonl"))
    trainer = CTRTrainer(model, train_loader, val_loader, logger, lr=args.lr)
    for epoch in range(args.epochs):
        trainer.train_epoch(epoch)
        metrics = trainer.evaluate()
        logger.log(epoch=epoch, **{f"val_{k}": v for k, v in metrics.items()})
        print(f"epoch {epoch}: val AUC {metrics['auc']:.4f}  logloss {metrics['logloss']:.4f}")
    logger.close()


if __name__ == "__main__":
    main()
