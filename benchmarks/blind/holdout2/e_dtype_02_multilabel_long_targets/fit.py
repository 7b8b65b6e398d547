import json
import sys

import torch
from torch.utils.data import DataLoader, Subset

from tagger.dataset import ShapesTagging
from tagger.module import MiniTrainer, TaggingModule


def main(argv):
    cfg = json.load(open("config.json"))
    for kv in argv:  # overrides like trainer.max_epochs=2
        key, val = kv.split("=")
        sect, name = key.split(".")
        cfg[sect][name] = type(cfg[sect][name])(val)
    torch.manual_seed(0)
    ds = ShapesTagging(**cfg["data"])
    n_train = int(0.8 * len(ds))
    train_dl = DataLoader(Subset(ds, range(n_train)), batch_size=cfg["trainer"]["batch_size"], shuffle=True)
    val_dl = DataLoader(Subset(ds, range(n_train, len(ds))), batch_size=cfg["trainer"]["batch_size"])
    module = TaggingModule(cfg)
    MiniTrainer(cfg["trainer"]["max_epochs"]).fit(module, train_dl, val_dl)
    torch.save(module.state_dict(), "tagger.ckpt")


if __name__ == "__main__":
    main(sys.argv[1:])
