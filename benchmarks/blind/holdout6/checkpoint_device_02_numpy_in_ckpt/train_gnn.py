import argparse

import torch

from gnn.datamodule import MoleculeDataModule
from gnn.model import GCNRegressor
from lit import LRMonitor, MiniTrainer, ModelCheckpoint


def cli():
    p = argparse.ArgumentParser()
    p.add_argument("--n_graphs", type=int, default=1200)
    p.add_argument("--n_nodes", type=int, default=12)
    p.add_argument("--n_feats", type=int, default=8)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--dropout", type=float, default=0.1)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--batch_size", type=int, default=32)
    p.add_argument("--max_epochs", type=int, default=2)
    p.add_argument("--accumulate_grad_batches", type=int, default=1)
    p.add_argument("--gradient_clip_val", type=float, default=1.0)
    p.add_argument("--precision", default="32", choices=["32", "bf16-mixed"])
    p.add_argument("--ckpt_dir", default="lightning_logs/gcn/checkpoints")
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args()


def main():
    args = cli()
    torch.manual_seed(args.seed)
    dm = MoleculeDataModule(args.n_graphs, args.n_nodes, args.n_feats, args.batch_size, args.seed)
    model = GCNRegressor(args.n_feats, args.hidden, args.layers, args.dropout, args.lr)
    trainer = MiniTrainer(max_epochs=args.max_epochs, grad_clip=args.gradient_clip_val,
                          accumulate_grad_batches=args.accumulate_grad_batches, precision=args.precision,
                          callbacks=[ModelCheckpoint(args.ckpt_dir, monitor="val_mae"), LRMonitor()])
    trainer.fit(model, dm)
    trainer.test(model, dm, ckpt_path="best")


if __name__ == "__main__":
    main()
