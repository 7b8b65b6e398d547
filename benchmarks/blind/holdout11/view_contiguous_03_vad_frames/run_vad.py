import os

import torch

from vad.config import Config
from vad.features import VADDataset
from vad.model import FrameClassifier
from vad.trainer import Trainer


def main():
    cfg = Config()
    torch.manual_seed(cfg.train.seed)
    f, m, t = cfg.features, cfg.model, cfg.train
    train_set = VADDataset(t.n_train_clips, f.n_mels, f.frames, seed=t.seed)
    val_set = VADDataset(t.n_val_clips, f.n_mels, f.frames, seed=t.seed + 1)
    model = FrameClassifier(f.n_mels, m.channels, m.kernel_size, m.n_blocks, m.dropout)
    workdir = os.path.dirname(os.path.abspath(__file__))
    Trainer(model, cfg, train_set, val_set, workdir).fit()


if __name__ == "__main__":
    main()
