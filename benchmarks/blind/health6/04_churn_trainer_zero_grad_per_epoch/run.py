import torch
from torch.utils.data import TensorDataset, DataLoader

from churn.config import TrainConfig
from churn.data import make_churn
from churn.model import mlp
from churn.trainer import Trainer


class PrintLogger:
    def on_epoch_end(self, trainer, logs):
        print("epoch {epoch:02d} | train_loss {train_loss:.4f} | val_loss {val_loss:.4f} | val_acc {val_acc:.3f}".format(**logs))


def main(cfg=TrainConfig()):
    torch.manual_seed(cfg.seed)
    X, y = make_churn(cfg.n_customers, cfg.seed)
    n_val = cfg.n_customers // 5
    train_dl = DataLoader(TensorDataset(X[n_val:], y[n_val:]), batch_size=cfg.batch_size, shuffle=True)
    val_dl = DataLoader(TensorDataset(X[:n_val], y[:n_val]), batch_size=512)
    model = mlp(X.shape[1], cfg.hidden)
    Trainer(model, cfg, callbacks=[PrintLogger()]).fit(train_dl, val_dl)


if __name__ == "__main__":
    main()
