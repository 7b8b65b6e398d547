import argparse
from statistics import mean

import torch
from torch.utils.data import DataLoader

from shapes_data import SHAPES, ShapesDataset
from system import ShapeSystem


class MiniTrainer:
    def __init__(self, max_epochs, log_every=4):
        self.max_epochs = max_epochs
        self.log_every = log_every

    def fit(self, system, train_loader, val_loader):
        opt = system.configure_optimizers()
        for epoch in range(self.max_epochs):
            system.train()
            for i, batch in enumerate(train_loader):
                out = system.training_step(batch)
                opt.zero_grad()
                out["loss"].backward()
                opt.step()
                if i % self.log_every == 0:
                    print(f"ep{epoch} it{i} loss={out['loss'].item():.3f} cls={out['cls']:.3f} loc={out['loc']:.4f}")
            system.eval()
            logs = [system.validation_step(b) for b in val_loader]
            print(f"ep{epoch} val " + " ".join(f"{k}={mean(l[k] for l in logs):.3f}" for k in logs[0]))
        torch.save(system.state_dict(), "shapes_multitask.pt")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    args = ap.parse_args()
    torch.manual_seed(0)
    train_dl = DataLoader(ShapesDataset(320, seed=0), batch_size=args.batch_size, shuffle=True)
    val_dl = DataLoader(ShapesDataset(64, seed=1), batch_size=args.batch_size)
    MiniTrainer(args.max_epochs).fit(ShapeSystem(len(SHAPES)), train_dl, val_dl)
