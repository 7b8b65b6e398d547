import torch
import torch.nn.functional as F

from utils.metrics import log_loss, roc_auc


class CTRTrainer:
    def __init__(self, model, train_loader, val_loader, logger, lr=1e-3, l2=1e-6, log_every=20):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.logger = logger
        self.opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=l2)
        self.log_every = log_every
        self.step = 0

    def train_epoch(self, epoch):
        self.model.train()
        for ids, y in self.train_loader:
            logits = self.model(ids)
            loss = F.binary_cross_entropy_with_logits(logits, y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if self.step % self.log_every == 0:
                probs = torch.sigmoid(logits)
                self.logger.log(step=self.step, epoch=epoch, loss=loss.item(), batch_auc=roc_auc(y, probs))
            self.step += 1

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        ys, ps = [], []
        for ids, y in self.val_loader:
            ys.append(y)
            ps.append(torch.sigmoid(self.model(ids)))
        y, p = torch.cat(ys), torch.cat(ps)
        return {"auc": roc_auc(y, p), "logloss": log_loss(y, p)}
