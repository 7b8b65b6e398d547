import argparse
import gc

import torch
import torch.distributed as dist
import yaml

from mixer.data import Shapes
from mixer.engine.env import setup_env
from mixer.engine.module import LitLoop
from mixer.models.mixer import Mixer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cfg", default="configs/mixer_s.yaml")
    args = ap.parse_args()
    cfg = yaml.safe_load(open(args.cfg))
    env = setup_env()
    torch.manual_seed(0)
    loop = LitLoop(Mixer(**cfg["model"]), env, cfg)
    loop.fit(Shapes(cfg["data"]["n_train"], cfg["model"]["image_size"]))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
