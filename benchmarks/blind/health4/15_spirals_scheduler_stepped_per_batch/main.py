import argparse
import torch

from spirals.data import two_spirals
from spirals.net import SpiralNet
from spirals.engine import run

ap = argparse.ArgumentParser()
ap.add_argument("--epochs", type=int, default=12)
ap.add_argument("--lr", type=float, default=0.01)
ap.add_argument("--gamma", type=float, default=0.8, help="per-epoch exponential lr decay")
ap.add_argument("--batch-size", type=int, default=32)
args = ap.parse_args()

torch.manual_seed(0)
loader = two_spirals(n=2000, batch_size=args.batch_size)
net = SpiralNet()
opt = torch.optim.Adam(net.parameters(), lr=args.lr)
sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=args.gamma)
run(net, loader, opt, sched, args.epochs)
