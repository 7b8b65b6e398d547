import argparse
import os

import numpy as np
import torch
from torch.utils.data import DataLoader

from siamese.losses import ContrastiveLoss
from siamese.network import SiameseNet
from siamese.pairs import PairDataset, make_signals
from siamese.trainer import SiameseTrainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--margin", type=float, default=1.0)
    parser.add_argument("--ckpt-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "ckpt"))
    args = parser.parse_args()

    torch.manual_seed(0)
    x, y = make_signals(seed=0)
    rng = np.random.default_rng(1)
    test_mask = rng.random(len(y)) < 0.2
    train_pairs = PairDataset(x[~test_mask], y[~test_mask], n_pairs=1024, seed=2)
    loader = DataLoader(train_pairs, batch_size=args.batch_size, shuffle=True)

    net = SiameseNet(emb_dim=32)
    trainer = SiameseTrainer(net, ContrastiveLoss(args.margin),
                             torch.optim.Adam(net.parameters(), lr=args.lr), loader, args.ckpt_dir)
    xt, yt = torch.from_numpy(x[test_mask]), torch.from_numpy(y[test_mask])
    xg, yg = torch.from_numpy(x[~test_mask]), torch.from_numpy(y[~test_mask])
    for epoch in range(args.epochs):
        trainer.train_epoch(epoch)
        ver = trainer.verification_accuracy(xt, yt)
        ident = trainer.identification_accuracy(xg, yg, xt, yt)
        print(f"epoch {epoch}: verification acc {ver:.3f}  rank-1 id acc {ident:.3f}")
        trainer.save(f"ep{epoch}")


if __name__ == "__main__":
    main()
