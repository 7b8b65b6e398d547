import argparse

import torch

from qtag.data import QTagDataModule
from qtag.model import QTagClassifier
from qtag.preprocess import TAGS
from qtag.trainer import Trainer

parser = argparse.ArgumentParser()
parser.add_argument('--batch_size', type=int, default=16)
parser.add_argument('--epochs', type=int, default=8)
args = parser.parse_args()

torch.manual_seed(0)
QTdata_module = QTagDataModule(batch_size=args.batch_size)
model = QTagClassifier(n_features=256, n_classes=len(TAGS))
trainer = Trainer(max_epochs=args.epochs)
trainer.fit(model, QTdata_module)
