import torch
from torch.utils.data import DataLoader


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.loss_fn = torch.nn.MSELoss()
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)

    def fit(self, train_ds, val_ds):
        train_dl = DataLoader(train_ds, batch_size=self.cfg.batch_size, shuffle=True)
        val_dl = DataLoader(val_ds, batch_size=256)
        for epoch in range(self.cfg.epochs):
            self.model.train()
            for xb, yb in train_dl:
                pred = self.model(xb)
                loss = self.loss_fn(pred, yb)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            self.model.eval()
            with torch.no_grad():
                val = sum(self.loss_fn(self.model(xb), yb).item() * len(xb) for xb, yb in val_dl) / len(val_ds)
            print(f"epoch {epoch + 1}: train mse {loss.item():.4f}  val rmse(log price) {val ** 0.5:.4f}")
