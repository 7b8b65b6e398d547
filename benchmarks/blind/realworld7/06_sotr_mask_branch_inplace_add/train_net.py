import argparse

import torch
import yaml

from adet.data.toy_instances import make_batch
from adet.modeling.sotr.sotr import SOTR


def setup(args):
    with open(args.config_file) as f:
        cfg = yaml.safe_load(f)
    return cfg


def main(args):
    cfg = setup(args)
    torch.manual_seed(0)
    model = SOTR(cfg)
    model.train()
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["SOLVER"]["BASE_LR"], momentum=0.9)
    g = torch.Generator().manual_seed(0)
    for it in range(cfg["SOLVER"]["MAX_ITER"]):
        images, masks, classes = make_batch(cfg["SOLVER"]["IMS_PER_BATCH"], cfg["INPUT"]["SIZE"],
                                            cfg["MODEL"]["SOTR"]["NUM_CLASSES"], g)
        loss_dict = model(images, masks, classes)
        losses = sum(loss_dict.values())
        optimizer.zero_grad()
        losses.backward()
        optimizer.step()
        print(f"iter {it}: " + "  ".join(f"{k}={v.item():.4f}" for k, v in loss_dict.items()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config-file", default="configs/SOTR_R50_tiny.yaml")
    main(parser.parse_args())
