import argparse
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402

from segkit.config import TrainConfig  # noqa: E402
from segkit.data import BlobScenes  # noqa: E402
from segkit.engine import Trainer, setup_ddp, teardown_ddp, wrap_model  # noqa: E402
from segkit.models import TinyUNet  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--aux-every", type=int, default=2)
    return p.parse_args()


def main():
    args = parse_args()
    cfg = TrainConfig(epochs=args.epochs, batch_size=args.batch_size, aux_every=args.aux_every)
    device = setup_ddp()
    torch.manual_seed(cfg.seed)
    model = TinyUNet(num_classes=cfg.num_classes, c=cfg.base_channels)
    model = wrap_model(model, device)
    dataset = BlobScenes(cfg.num_images, cfg.image_size, seed=cfg.seed)
    Trainer(cfg, model, dataset, device).fit()
    teardown_ddp()


if __name__ == "__main__":
    main()
    gc.collect()
