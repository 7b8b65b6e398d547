import torch
from torch import nn
from model import SentimentModel
from dataloader import SentimentDataLoaders


class TrainingModule(nn.Module):
    def __init__(self, bert_model=None, hparams=None):
        super().__init__()
        self.model = SentimentModel(bert_model, output_size=2)
        self.loss = nn.CrossEntropyLoss()
        self.hparams = hparams
        self.dataloader = SentimentDataLoaders(hparams)

    def step(self, batch, step_name="train"):
        X, y = batch
        loss = self.loss(self.forward(X), y)
        loss_key = f"{step_name}_loss"
        return {("loss" if step_name == "train" else loss_key): loss}

    def forward(self, X):
        return self.model(X)

    def training_step(self, batch, batch_idx):
        return self.step(batch, "train")

    def validation_step(self, batch, batch_idx):
        return self.step(batch, "valid")

    def validation_end(self, outputs):
        loss = torch.stack([x["valid_loss"] for x in outputs]).mean()
        return {"valid_loss": loss}

    def train_dataloader(self):
        return self.dataloader.train

    def val_dataloader(self):
        return self.dataloader.valid

    def total_steps(self):
        return len(self.dataloader.train) // self.hparams.accumulate_grad_batches * self.hparams.epochs

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.hparams.lr)
        lr_scheduler = torch.optim.lr_scheduler.LambdaLR(
            optimizer,
            lambda step: min(1.0, (step + 1) / max(1, self.hparams.warmup_steps)) *
            max(0.0, 1.0 - step / self.total_steps()),
        )
        return optimizer, lr_scheduler
