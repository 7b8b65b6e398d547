import json
import os
import sys

import torch
from torch.utils.data import DataLoader

from audio.dataset import MelClipDataset, read_annotations
from audio.features import build_feature_cache
from audio.model import MelCNN
from audio.trainer import ClipTrainer

ROOT = os.path.dirname(os.path.abspath(__file__))


def main(cfg_file):
    with open(cfg_file) as f:
        cfg = json.load(f)
    torch.manual_seed(cfg["seed"])
    csv_path = os.path.join(ROOT, cfg["annotations"])
    rows = read_annotations(csv_path, cfg["classes"])
    rows = build_feature_cache(rows, os.path.join(ROOT, cfg["feature_cache"]), cfg["n_mels"], cfg["frames"])
    split = int(0.8 * len(rows))
    train_ds = MelClipDataset(rows[:split], cfg["classes"])
    val_ds = MelClipDataset(rows[split:], cfg["classes"])
    train_loader = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=64)
    trainer = ClipTrainer(MelCNN(len(cfg["classes"])), train_loader, val_loader, cfg["lr"],
                          os.path.join(ROOT, cfg["run_dir"]))
    trainer.fit(cfg["epochs"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "config.json"))
