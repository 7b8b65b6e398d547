import argparse
import gc

import torch

from seg.config import TrainConfig
from seg.data import make_noisy_images
from seg.models import Denoiser
from seg.trainer import Trainer
from seg.utils.distributed import setup, cleanup, wrap_model, is_main


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/base.yaml")
    args = ap.parse_args()
    cfg = TrainConfig.from_yaml(args.config)

    rank, world = setup()
    torch.manual_seed(1234)
    model = wrap_model(Denoiser(cfg.channels))
    trainer = Trainer(model, make_noisy_images(cfg.n_samples), cfg, rank, world)
    trainer.fit()
    if is_main():
        print("done", flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        cleanup()
        gc.collect()
