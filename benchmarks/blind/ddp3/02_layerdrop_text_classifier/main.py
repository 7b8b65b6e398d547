import argparse
import gc

import torch
import torch.distributed as dist
import yaml

from textcls.data.toy_corpus import ToyTopics
from textcls.engine.trainer import Trainer
from textcls.modeling.encoder import TopicClassifier


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/small.yaml")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    dist.init_process_group("gloo")
    torch.manual_seed(cfg["train"]["seed"] + dist.get_rank())

    m, d = cfg["model"], cfg["data"]
    train_set = ToyTopics(d["n_train"], d["seq_len"], m["vocab_size"], m["n_classes"])
    model = TopicClassifier(m["vocab_size"], m["d_model"], m["n_heads"], m["n_layers"],
                            m["n_classes"], layerdrop=m["layerdrop"])
    Trainer(model, train_set, cfg["train"]).fit()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
    gc.collect()
