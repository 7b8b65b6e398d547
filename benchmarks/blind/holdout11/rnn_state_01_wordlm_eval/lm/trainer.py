import math
import os
import time

import torch
import torch.nn as nn

from .corpus import get_batch


def repackage_hidden(h):
    """Detach hidden states from their history (truncated BPTT)."""
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


class LMTrainer:
    def __init__(self, model, ntokens, args):
        self.model = model
        self.ntokens = ntokens
        self.args = args
        self.criterion = nn.CrossEntropyLoss()
        self.lr = args.lr
        self.hidden = None

    def train_epoch(self, train_data, epoch):
        self.model.train()
        total_loss, start = 0.0, time.time()
        self.hidden = self.model.init_hidden(self.args.batch_size)
        for batch, i in enumerate(range(0, train_data.size(0) - 1, self.args.bptt)):
            data, targets = get_batch(train_data, i, self.args.bptt)
            self.hidden = repackage_hidden(self.hidden)
            self.model.zero_grad()
            output, self.hidden = self.model(data, self.hidden)
            loss = self.criterion(output.view(-1, self.ntokens), targets)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.args.clip)
            for p in self.model.parameters():
                p.data.add_(p.grad, alpha=-self.lr)
            total_loss += loss.item()
            if batch % self.args.log_interval == 0 and batch > 0:
                cur = total_loss / self.args.log_interval
                print(f"| epoch {epoch:3d} | {batch:4d} batches | lr {self.lr:.2f} | "
                      f"ms/batch {(time.time() - start) * 1000 / self.args.log_interval:6.1f} | "
                      f"loss {cur:5.2f} | ppl {math.exp(cur):8.2f}")
                total_loss, start = 0.0, time.time()

    def evaluate(self, data_source):
        self.model.eval()
        total_loss = 0.0
        hidden = self.hidden
        with torch.no_grad():
            for i in range(0, data_source.size(0) - 1, self.args.bptt):
                data, targets = get_batch(data_source, i, self.args.bptt)
                output, hidden = self.model(data, hidden)
                hidden = repackage_hidden(hidden)
                total_loss += len(data) * self.criterion(output.view(-1, self.ntokens), targets).item()
        return total_loss / (len(data_source) - 1)

    def fit(self, train_data, val_data, save_path):
        best_val = None
        for epoch in range(1, self.args.epochs + 1):
            t0 = time.time()
            self.train_epoch(train_data, epoch)
            val_loss = self.evaluate(val_data)
            print("-" * 89)
            print(f"| end of epoch {epoch:3d} | time: {time.time() - t0:5.2f}s | "
                  f"valid loss {val_loss:5.2f} | valid ppl {math.exp(val_loss):8.2f}")
            print("-" * 89)
            if best_val is None or val_loss < best_val:
                os.makedirs(os.path.dirname(save_path), exist_ok=True)
                torch.save(self.model.state_dict(), save_path)
                best_val = val_loss
            else:
                self.lr /= 4.0
        return best_val
