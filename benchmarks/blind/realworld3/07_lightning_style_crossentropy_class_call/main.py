import argparse
import torch
from litmini import Trainer
from project.coolsystem import CoolSystem

parser = argparse.ArgumentParser()
parser.add_argument("--max_nb_epochs", type=int, default=1)
args = parser.parse_args()

torch.manual_seed(0)
model = CoolSystem()
trainer = Trainer(max_nb_epochs=args.max_nb_epochs)
trainer.fit(model)
