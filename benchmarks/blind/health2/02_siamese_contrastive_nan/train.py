import argparse
import json

import torch

from siamese.data import SignatureFeatures, PairSampler
from siamese.model import EmbeddingNet, SiameseNet
from siamese.losses import ContrastiveLoss
from siamese.trainer import Trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.json")
    parser.add_argument("--epochs", type=int, default=None)
    args = parser.parse_args()

    with open(args.config) as f:
        cfg = json.load(f)
    if args.epochs is not None:
        cfg["train"]["epochs"] = args.epochs

    torch.manual_seed(cfg["seed"])
    feats = SignatureFeatures(**{k: cfg["data"][k] for k in ("num_writers", "samples_per_writer", "feature_dim")},
                              seed=cfg["seed"])
    sampler = PairSampler(feats, pairs_per_epoch=cfg["data"]["pairs_per_epoch"], seed=cfg["seed"])

    net = SiameseNet(EmbeddingNet(cfg["data"]["feature_dim"], cfg["model"]["hidden"], cfg["model"]["embed_dim"]))
    criterion = ContrastiveLoss(margin=cfg["train"]["margin"])
    optimizer = torch.optim.Adam(net.parameters(), lr=cfg["train"]["lr"])

    trainer = Trainer(net, criterion, optimizer, sampler, batch_size=cfg["train"]["batch_size"])
    trainer.fit(cfg["train"]["epochs"])


if __name__ == "__main__":
    main()
