import argparse
import os

import torch
from torch.utils.data import DataLoader

from seg.config import SegConfig
from seg.data import BlobDataset
from seg.trainer import SegmentationTrainer
from seg.unet import TinyUNet

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=None, help="optional JSON overriding SegConfig")
    ap.add_argument("--epochs", type=int, default=None)
    args = ap.parse_args()
    cfg = SegConfig.from_json(args.config) if args.config else SegConfig()
    if args.epochs is not None:
        cfg.epochs = args.epochs

    torch.manual_seed(cfg.seed)
    train_ds = BlobDataset(cfg.n_train, cfg.image_size, seed=cfg.seed)
    val_ds = BlobDataset(cfg.n_val, cfg.image_size, seed=cfg.seed + 1)
    train_loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=32)
    model = TinyUNet(c=cfg.base_channels)
    out_dir = os.path.join(HERE, cfg.out_dir)
    best = SegmentationTrainer(model, cfg, train_loader, val_loader, out_dir).fit()
    cfg.to_json(os.path.join(out_dir, "config_used.json"))
    print(f"best val mIoU {best:.3f}")


if __name__ == "__main__":
    main()
