import torch

from retrieval.models import Embedder, ProxyAnchorLoss
from retrieval.utils.metrics import RecallAtK


class RetrievalModule(torch.nn.Module):
    def __init__(self, n_classes=20, embed_dim=64, lr=1e-3):
        super().__init__()
        self.model = Embedder(embed_dim=embed_dim)
        self.criterion = ProxyAnchorLoss(n_classes, embed_dim)
        self.lr = lr
        self.recall = RecallAtK(ks=(1, 4))

    def configure_optimizers(self):
        return torch.optim.AdamW([
            {"params": self.model.parameters()},
            {"params": self.criterion.parameters(), "lr": self.lr * 10},
        ], lr=self.lr)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return self.criterion(self.model(x), y)

    def on_validation_epoch_start(self):
        self.recall.reset()

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.recall.update(self.model(x), y)

    def on_validation_epoch_end(self):
        return self.recall.compute()
