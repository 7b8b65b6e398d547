import argparse
import os

import torch
from torch.utils.data import DataLoader

from contrastive.data import TwoViewDataset, make_clusters
from contrastive.encoder import MLPEncoder
from contrastive.trainer import ContrastiveTrainer


def get_args():
    p = argparse.ArgumentParser("contrastive pretraining with a negative queue")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=0.05)
    p.add_argument("--temperature", type=float, default=0.1)
    p.add_argument("--queue-size", type=int, default=1024)
    p.add_argument("--out-dim", type=int, default=32)
    p.add_argument("--print-freq", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "checkpoints"))
    return p.parse_args()


def main():
    args = get_args()
    torch.manual_seed(args.seed)
    x, y = make_clusters(seed=args.seed)
    loader = DataLoader(TwoViewDataset(x, y), batch_size=args.batch_size, shuffle=True, drop_last=True)
    encoder = MLPEncoder(x.shape[1], out_dim=args.out_dim)
    trainer = ContrastiveTrainer(encoder, loader, args, args.out)
    xt, yt = torch.from_numpy(x[:512]), torch.from_numpy(y[:512])
    print(f"kNN acc before: {trainer.knn_accuracy(xt, yt):.3f}")
    for epoch in range(args.epochs):
        trainer.train_epoch(epoch)
        print(f"epoch {epoch}: kNN acc {trainer.knn_accuracy(xt, yt):.3f}")
    trainer.save()


if __name__ == "__main__":
    main()
