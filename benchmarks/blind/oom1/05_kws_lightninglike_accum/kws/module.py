import torch
import torch.nn as nn
import torch.nn.functional as F


class KWSModule(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        c = hp.channels
        self.frontend = nn.Sequential(
            nn.Conv1d(1, c, 9, padding=4), nn.BatchNorm1d(c), nn.GELU(),
            nn.Conv1d(c, c, 9, padding=4, groups=c), nn.BatchNorm1d(c), nn.GELU(),
            nn.MaxPool1d(16),
        )
        self.body = nn.Sequential(
            nn.Conv1d(c, 2 * c, 5, padding=2), nn.BatchNorm1d(2 * c), nn.GELU(), nn.MaxPool1d(8),
            nn.Conv1d(2 * c, 2 * c, 5, padding=2), nn.BatchNorm1d(2 * c), nn.GELU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.classifier = nn.Linear(2 * c, hp.n_keywords)

    def forward(self, wave):
        return self.classifier(self.body(self.frontend(wave)).flatten(1))

    def training_step(self, batch):
        wave, y = batch
        return F.cross_entropy(self(wave), y)

    @torch.no_grad()
    def validation_step(self, batch):
        wave, y = batch
        return (self(wave).argmax(1) == y).float().sum()

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=self.hp.lr)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=self.hp.lr_step, gamma=self.hp.lr_gamma)
        return opt, sched
