import argparse

import torch
import yaml

from nvs.model.lvsm_tiny import TinyLVSM
from nvs.data import random_scene_batch
from nvs.utils.optim import build_optimizer
from nvs.trainer import train_steps

parser = argparse.ArgumentParser()
parser.add_argument("--config", default="configs/tiny.yaml")
config = yaml.safe_load(open(parser.parse_args().config))
tcfg = config["training"]

torch.manual_seed(tcfg["seed"])
model = TinyLVSM(**config["model"])
optimizer, scheduler = build_optimizer(model, tcfg)
train_steps(model, optimizer, scheduler, lambda: random_scene_batch(tcfg["batch_size"], config["model"]), tcfg)
