import argparse
from dataclasses import dataclass

import torch
from torch.utils.data import DataLoader

from anomaly.nets import SensorAutoencoder
from anomaly.sensors import simulate_sensors


@dataclass
class Args:
    epochs: int = 5
    batch_size: int = 64
    lr: float = 3e-3
    sizes: tuple = (24, 16, 8, 4)


class AETrainer:
    def __init__(self, model: SensorAutoencoder, lr: float):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = torch.nn.MSELoss()

    def step(self, x):
        self.opt.zero_grad()
        loss = self.loss_fn(self.model(x), x)
        loss.backward()
        self.opt.step()
        return loss.item()

    @torch.no_grad()
    def scores(self, loader):
        self.model.eval()
        errs, flags = [], []
        for x, flag in loader:
            errs.append(((self.model(x) - x) ** 2).mean(1))
            flags.append(flag)
        self.model.train()
        return torch.cat(errs), torch.cat(flags)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=Args.epochs)
    args = Args(epochs=p.parse_args().epochs)
    torch.manual_seed(0)
    train_dl = DataLoader(simulate_sensors(512, seed=0), batch_size=args.batch_size, shuffle=True)
    test_dl = DataLoader(simulate_sensors(256, anomaly_rate=0.1, seed=1), batch_size=args.batch_size)

    trainer = AETrainer(SensorAutoencoder(args.sizes), args.lr)
    for epoch in range(args.epochs):
        losses = [trainer.step(x) for x, _ in train_dl]
        err, flag = trainer.scores(test_dl)
        thresh = err[~flag].quantile(0.95)
        recall = (err[flag] > thresh).float().mean().item()
        print(f"epoch {epoch}: recon {sum(losses) / len(losses):.4f}  anomaly recall@95 {recall:.2f}")
    torch.save(trainer.model.state_dict(), "sensor_ae.pt")


if __name__ == "__main__":
    main()
