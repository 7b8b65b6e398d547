#!/usr/bin/env python
import argparse
import logging

import torch
import yaml

from asr.data import make_corpus
from asr.model import FrameClassifier
from asr.trainer import Trainer


def get_parser():
    p = argparse.ArgumentParser(description="frame-level phone classifier")
    p.add_argument("--config", required=True)
    p.add_argument("--max_epoch", type=int, default=None)
    return p


def main():
    args = get_parser().parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s")
    with open(args.config) as f:
        conf = yaml.safe_load(f)
    if args.max_epoch is not None:
        conf["train"]["max_epoch"] = args.max_epoch
    torch.manual_seed(conf["seed"])
    d = conf["data"]
    utts = make_corpus(d["num_utts"], d["max_frames"], d["feat_dim"], d["num_phones"], d["clipped_ratio"], conf["seed"])
    model = FrameClassifier(d["feat_dim"], d["num_phones"], **conf["model"])
    optimizer = torch.optim.Adam(model.parameters(), **conf["optim"])
    Trainer(model, optimizer, conf["train"], utts).run()


if __name__ == "__main__":
    main()
