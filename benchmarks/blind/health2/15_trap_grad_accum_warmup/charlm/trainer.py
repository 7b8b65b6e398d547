import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, train_ds, val_ds, cfg):
        self.model = model
        self.cfg = cfg
        self.train_loader = DataLoader(train_ds, batch_size=cfg["micro_batch"], shuffle=True, drop_last=True)
        self.val_loader = DataLoader(val_ds, batch_size=512)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
        warmup = cfg["warmup_steps"]
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda s: min(1.0, s / warmup))
        self.accum_steps = cfg["accum_steps"]

    def train_epoch(self):
        self.model.train()
        self.optimizer.zero_grad(set_to_none=True)
        running, n_micro = 0.0, 0
        for i, (x, y) in enumerate(self.train_loader):
            loss = F.cross_entropy(self.model(x), y)
            (loss / self.accum_steps).backward()
            running += loss.item()
            n_micro += 1
            if (i + 1) % self.accum_steps == 0:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg["grad_clip"])
                self.optimizer.step()
                self.scheduler.step()
                self.optimizer.zero_grad(set_to_none=True)
        return running / n_micro

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        tot, n = 0.0, 0
        for x, y in self.val_loader:
            tot += F.cross_entropy(self.model(x), y, reduction="sum").item()
            n += y.numel()
        return tot / n

    def run(self):
        for epoch in range(1, self.cfg["epochs"] + 1):
            tr = self.train_epoch()
            va = self.validate()
            print(f"epoch {epoch} | train nll {tr:.4f} | val nll {va:.4f} | lr {self.scheduler.get_last_lr()[0]:.5f}")

    @torch.no_grad()
    def sample(self, vocab, n=5, max_len=16):
        self.model.eval()
        g = torch.Generator().manual_seed(0)
        out = []
        for _ in range(n):
            ctx = [0] * self.model.block_size
            chars = []
            for _ in range(max_len):
                probs = F.softmax(self.model(torch.tensor([ctx])), dim=-1)
                ix = int(torch.multinomial(probs, 1, generator=g))
                if ix == 0:
                    break
                chars.append(vocab[ix])
                ctx = ctx[1:] + [ix]
            out.append("".join(chars))
        return out
