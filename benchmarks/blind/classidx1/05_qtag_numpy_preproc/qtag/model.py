import torch
import torch.nn as nn


class QTagClassifier(nn.Module):
    def __init__(self, n_features, n_classes=10, hidden=64, lr=3e-3):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU(), nn.Dropout(0.1))
        self.classifier = nn.Linear(hidden, n_classes)
        self.criterion = nn.BCEWithLogitsLoss()
        self.lr = lr

    def forward(self, features):
        return self.classifier(self.encoder(features))

    def training_step(self, batch):
        outputs = self(batch['features'])
        loss = self.criterion(outputs, batch['labels'])
        return loss

    def validation_step(self, batch):
        outputs = self(batch['features'])
        loss = self.criterion(outputs, batch['labels'])
        correct = (outputs.argmax(dim=1) == batch['labels'].argmax(dim=1)).sum().item()
        return loss.item(), correct

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)
