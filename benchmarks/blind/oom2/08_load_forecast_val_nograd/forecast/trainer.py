import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class ForecastTrainer:
    def __init__(self, model, train_set, val_set, batch_size=64, eval_batch_size=512, lr=2e-3, epochs=1):
        self.model = model
        self.epochs = epochs
        self.train_loader = DataLoader(train_set, batch_size=batch_size, shuffle=True)
        # no backward during evaluation, so we can afford much larger batches there
        self.val_loader = DataLoader(val_set, batch_size=eval_batch_size)
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=epochs * len(self.train_loader))

    def train_epoch(self):
        self.model.train()
        for i, (x, y) in enumerate(self.train_loader):
            loss = F.mse_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.sched.step()
            if i % 2 == 0:
                print(f"  it {i} mse {loss.item():.5f}", flush=True)

    def validate(self):
        self.model.eval()
        se, n = 0.0, 0
        for x, y in self.val_loader:
            pred = self.model(x)
            se += F.mse_loss(pred, y, reduction="sum").item()
            n += y.numel()
        return se / n

    def run(self):
        for ep in range(self.epochs):
            self.train_epoch()
            print(f"epoch {ep} val_mse {self.validate():.5f}")
        torch.save(self.model.state_dict(), "tcn_forecaster.pt")
