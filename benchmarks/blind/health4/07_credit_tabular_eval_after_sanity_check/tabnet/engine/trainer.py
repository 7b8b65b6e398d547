from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class TrainerArgs:
    max_epochs: int = 3
    lr: float = 1e-3
    num_sanity_val_steps: int = 2
    log_every_n_steps: int = 10


class Trainer:
    def __init__(self, args: TrainerArgs):
        self.args = args
        self.global_step = 0

    # -- hooks -------------------------------------------------------------
    def training_step(self, model, batch):
        x, y = batch
        return F.cross_entropy(model(x), y)

    @torch.no_grad()
    def validation_loop(self, model, val_dl, max_batches=None):
        model.eval()
        tot, correct, n = 0.0, 0, 0
        for i, (x, y) in enumerate(val_dl):
            if max_batches is not None and i >= max_batches:
                break
            logits = model(x)
            tot += F.cross_entropy(logits, y, reduction="sum").item()
            correct += (logits.argmax(1) == y).sum().item()
            n += len(y)
        return tot / n, correct / n

    # -- main loop ---------------------------------------------------------
    def fit(self, model, train_dl, val_dl):
        opt = torch.optim.Adam(model.parameters(), lr=self.args.lr)
        model.train()
        if self.args.num_sanity_val_steps > 0:
            vl, va = self.validation_loop(model, val_dl, self.args.num_sanity_val_steps)
            print(f"sanity check: val_loss={vl:.4f} val_acc={va:.3f}")
        for epoch in range(self.args.max_epochs):
            for batch in train_dl:
                loss = self.training_step(model, batch)
                opt.zero_grad()
                loss.backward()
                opt.step()
                self.global_step += 1
                if self.global_step % self.args.log_every_n_steps == 0:
                    print(f"epoch {epoch} step {self.global_step}: loss={loss.item():.4f}")
            vl, va = self.validation_loop(model, val_dl)
            print(f"epoch {epoch} done: val_loss={vl:.4f} val_acc={va:.3f}")
