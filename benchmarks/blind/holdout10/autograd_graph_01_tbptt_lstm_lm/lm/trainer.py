import math
import time

import torch
import torch.nn as nn

from .corpus import get_batch


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


class LMTrainer:
    def __init__(self, model, train_data, val_data, args):
        self.model = model
        self.train_data = train_data
        self.val_data = val_data
        self.args = args
        self.criterion = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
        self.history = []

    def train_epoch(self, epoch):
        self.model.train()
        bptt, bsz = self.args.bptt, self.train_data.size(1)
        hidden = self.model.init_hidden(bsz)
        total, start = 0.0, time.time()
        for batch, i in enumerate(range(0, self.train_data.size(0) - 1, bptt)):
            data, targets = get_batch(self.train_data, i, bptt)
            self.optimizer.zero_grad()
            output, hidden = self.model(data, hidden)
            loss = self.criterion(output, targets)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.args.clip)
            self.optimizer.step()
            total += loss.item()
            if batch % self.args.log_interval == 0 and batch > 0:
                cur = total / self.args.log_interval
                print(f"| epoch {epoch} | batch {batch} | loss {cur:.3f} | ppl {math.exp(cur):.1f}"
                      f" | {1000 * (time.time() - start) / self.args.log_interval:.1f} ms/batch")
                total, start = 0.0, time.time()

    @torch.no_grad()
    def evaluate(self, source):
        self.model.eval()
        bptt = self.args.bptt
        hidden = self.model.init_hidden(source.size(1))
        total = 0.0
        for i in range(0, source.size(0) - 1, bptt):
            data, targets = get_batch(source, i, bptt)
            output, hidden = self.model(data, hidden)
            total += len(data) * self.criterion(output, targets).item()
        return total / (len(source) - 1)

    def fit(self, epochs):
        best = float("inf")
        for epoch in range(1, epochs + 1):
            self.train_epoch(epoch)
            val = self.evaluate(self.val_data)
            self.history.append(val)
            print(f"| end of epoch {epoch} | valid loss {val:.3f} | valid ppl {math.exp(val):.1f}")
            if val < best:
                best = val
                torch.save(self.model.state_dict(), self.args.save)
        return best
