import math
from contextlib import nullcontext

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, train_data, val_data, *, precision="amp_bf16", lr=3e-4, seq_len=32,
                 batch_size=8, device=None):
        self.device = device if device is not None else torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.model = model.to(self.device)
        self.train_data = train_data
        self.val_data = val_data
        self.seq_len = seq_len
        self.batch_size = batch_size
        self.precision = precision
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr, weight_decay=0.1)
        self.gen = torch.Generator().manual_seed(0)

    def autocast(self):
        if self.precision == "fp32":
            return nullcontext()
        dtype = {"amp_bf16": torch.bfloat16, "amp_fp16": torch.float16}[self.precision]
        return torch.autocast(device_type=self.device.type, dtype=dtype)

    def get_batch(self, data):
        ix = torch.randint(0, len(data) - self.seq_len - 1, (self.batch_size,), generator=self.gen)
        x = torch.stack([data[i:i + self.seq_len] for i in ix])
        y = torch.stack([data[i + 1:i + self.seq_len + 1] for i in ix])
        return x.to(self.device), y.to(self.device)

    def train_step(self):
        x, y = self.get_batch(self.train_data)
        with self.autocast():
            logits = self.model(x)
            loss = F.cross_entropy(logits.flatten(0, 1), y.flatten())
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.opt.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self, iters=2):
        self.model.eval()
        losses = []
        for _ in range(iters):
            x, y = self.get_batch(self.val_data)
            with self.autocast():
                losses.append(F.cross_entropy(self.model(x).flatten(0, 1), y.flatten()).item())
        self.model.train()
        l = sum(losses) / len(losses)
        return l, math.exp(l)

    def fit(self, max_steps, eval_interval):
        for step in range(1, max_steps + 1):
            loss = self.train_step()
            if step % eval_interval == 0:
                vl, ppl = self.evaluate()
                print(f"step {step}: train {loss:.3f} val {vl:.3f} ppl {ppl:.1f}")
