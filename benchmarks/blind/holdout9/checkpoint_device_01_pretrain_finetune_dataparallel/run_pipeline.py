import json
import sys
from pathlib import Path

import torch

from stages import pretrain, finetune

HERE = Path(__file__).resolve().parent


def main(config_path=HERE / "pipeline.json"):
    cfg = json.loads(Path(config_path).read_text())
    torch.manual_seed(0)
    workdir = HERE / cfg["workdir"]
    workdir.mkdir(exist_ok=True)
    ckpt = pretrain.run(cfg, workdir)
    finetune.run(cfg, workdir, ckpt)


if __name__ == "__main__":
    main(*sys.argv[1:])
