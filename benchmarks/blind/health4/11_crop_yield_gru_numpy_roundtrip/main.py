import argparse
import torch

from yieldnet.weather import simulate_seasons
from yieldnet.model import SeasonGRU
from yieldnet.fit import fit

p = argparse.ArgumentParser()
p.add_argument("--epochs", type=int, default=4)
p.add_argument("--lr", type=float, default=3e-3)
p.add_argument("--hidden", type=int, default=32)
args = p.parse_args()

torch.manual_seed(0)
weeks, yields = simulate_seasons(n_fields=2000, n_weeks=26)
model = SeasonGRU(n_vars=weeks.shape[-1], hidden=args.hidden)
fit(model, weeks, yields, epochs=args.epochs, lr=args.lr)
