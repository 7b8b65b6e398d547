import argparse
import math

import torch

from prot.data import AMINO, synthetic_proteins
from prot.encoder import ProteinTagger
from prot.train_utils import accuracy, make_optim, run_epoch

parser = argparse.ArgumentParser()
parser.add_argument("--length", type=int, default=512)
parser.add_argument("--n-train", type=int, default=128)
parser.add_argument("--batch-size", type=int, default=16)
parser.add_argument("--accum-steps", type=int, default=4)  # effective batch 64
parser.add_argument("--epochs", type=int, default=1)
parser.add_argument("--lr", type=float, default=2e-3)
args = parser.parse_args()

torch.manual_seed(0)
seqs, tags = synthetic_proteins(args.n_train + 16, args.length, seed=0)
model = ProteinTagger(AMINO, args.length, d_model=64, n_heads=8, n_layers=2, dropout=0.1, num_classes=3)
opt, sched = make_optim(model, args, steps_per_epoch=math.ceil(math.ceil(args.n_train / args.batch_size) / args.accum_steps))
for epoch in range(args.epochs):
    run_epoch(model, seqs[:args.n_train], tags[:args.n_train], opt, sched, args)
    print(f"epoch {epoch} val acc {accuracy(model, seqs[args.n_train:], tags[args.n_train:]):.3f}")
