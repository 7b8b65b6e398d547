import os

import torch
from torch.utils.data import DataLoader, random_split

from dataset import FEATURES, GRADES, WineDataset, generate_csv
from lit import MiniTrainer, WineClassifier

if __name__ == "__main__":
    torch.manual_seed(0)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "wine.csv")
    if not os.path.exists(path):
        generate_csv(path)
    full = WineDataset(path)
    train_set, val_set = random_split(full, [720, len(full) - 720])
    trainer = MiniTrainer(max_epochs=2)
    trainer.fit(WineClassifier(len(FEATURES), len(GRADES)),
                DataLoader(train_set, batch_size=32, shuffle=True, drop_last=True),
                DataLoader(val_set, batch_size=64))
