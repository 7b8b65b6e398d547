import argparse

import torch
from torch.utils.data import DataLoader

from asr.ctc_model import TinyCTC
from asr.data import DigitUtterances, collate
from asr.train_loop import train_epoch

p = argparse.ArgumentParser()
p.add_argument("--epochs", type=int, default=3)
p.add_argument("--accum_steps", type=int, default=4)
p.add_argument("--micro_batch", type=int, default=8)
args = p.parse_args()

torch.manual_seed(0)
loader = DataLoader(DigitUtterances(), batch_size=args.micro_batch, shuffle=True, collate_fn=collate)
model = TinyCTC()
optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
for epoch in range(args.epochs):
    print(f"epoch {epoch}: ctc {train_epoch(model, loader, optimizer, args.accum_steps):.4f}")
