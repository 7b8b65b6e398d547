import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .audio import SynthNotes
from .config import ExperimentConfig
from .model import SampleTransformer


class Trainer:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=0.01)
        self.callbacks = []

    def add_callback(self, fn):
        self.callbacks.append(fn)

    def fit(self, train_dl, val_dl):
        for epoch in range(self.cfg.epochs):
            self.model.train()
            for step, (wav, y) in enumerate(train_dl):
                loss = F.cross_entropy(self.model(wav), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            acc = self.evaluate(val_dl)
            for cb in self.callbacks:
                cb(epoch, loss.item(), acc)

    @torch.no_grad()
    def evaluate(self, dl):
        self.model.eval()
        hits = sum((self.model(w).argmax(1) == y).sum().item() for w, y in dl)
        return hits / len(dl.dataset)


def main():
    cfg = ExperimentConfig()
    torch.manual_seed(cfg.seed)
    train_dl = DataLoader(SynthNotes(cfg, "train"), batch_size=cfg.batch_size, shuffle=True)
    val_dl = DataLoader(SynthNotes(cfg, "val"), batch_size=cfg.batch_size)
    trainer = Trainer(cfg, SampleTransformer(cfg))
    trainer.add_callback(lambda e, l, a: print(f"epoch {e}: loss {l:.3f} val_acc {a:.3f}"))
    trainer.fit(train_dl, val_dl)


if __name__ == "__main__":
    main()
