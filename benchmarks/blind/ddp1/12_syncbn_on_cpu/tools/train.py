import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch
import torch.distributed as dist
import yaml

from detector.data import blob_images
from detector.engine.runner import Runner
from detector.models import build_model


def main(cfg_path):
    cfg = yaml.safe_load(open(cfg_path))
    dist.init_process_group(backend="gloo")
    torch.manual_seed(0)
    model = build_model(cfg["model"])
    ds = blob_images(cfg["data"]["n_train"], cfg["data"]["size"])
    Runner(model, ds, cfg["solver"]).run()
    if dist.get_rank() == 0:
        print("training finished", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "configs/blobs.yaml")
    dist.destroy_process_group()
    gc.collect()
