import copy
import torch
import torch.nn as nn
import torch.nn.functional as F


def small_cnn(feature_dim):
    return nn.Sequential(
        nn.Conv2d(3, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(64, feature_dim))


def mlp(in_dim, hidden_dim, out_dim):
    return nn.Sequential(nn.Linear(in_dim, hidden_dim), nn.BatchNorm1d(hidden_dim), nn.ReLU(),
                         nn.Linear(hidden_dim, out_dim))


def loss_fn(x, y):
    x = F.normalize(x, dim=-1, p=2)
    y = F.normalize(y, dim=-1, p=2)
    return 2 - 2 * (x * y).sum(dim=-1)


class BYOL(nn.Module):
    def __init__(self, feature_dim=64, hidden_dim=128, moving_average_decay=0.99):
        super().__init__()
        self.online_encoder = nn.Sequential(small_cnn(feature_dim), mlp(feature_dim, hidden_dim, feature_dim))
        self.target_encoder = copy.deepcopy(self.online_encoder)
        for p in self.target_encoder.parameters():
            p.requires_grad = False
        self.online_predictor = mlp(feature_dim, hidden_dim, feature_dim)
        self.decay = moving_average_decay

    @torch.no_grad()
    def update_moving_average(self):
        for po, pt in zip(self.online_encoder.parameters(), self.target_encoder.parameters()):
            pt.data = pt.data * self.decay + (1 - self.decay) * po.data

    def forward(self, x1, x2):
        online_pred_one = self.online_predictor(self.online_encoder(x1))
        online_pred_two = self.online_predictor(self.online_encoder(x2))
        with torch.no_grad():
            target_proj_one = self.target_encoder(x1)
            target_proj_two = self.target_encoder(x2)
        loss_one = loss_fn(online_pred_one, target_proj_two.detach())
        loss_two = loss_fn(online_pred_two, target_proj_one.detach())
        loss = loss_one + loss_two
        return loss.mean()
