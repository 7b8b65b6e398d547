import torch
import torch.nn as nn
import torch.nn.functional as F


class Tower(nn.Module):
    def __init__(self, in_dim, hidden_dim, embed_dim):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden_dim),
            nn.ReLU(),
            nn.Linear(hidden_dim, embed_dim),
        )

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, tcfg):
        super().__init__()
        self.user_tower = Tower(tcfg.user_feature_dim, tcfg.hidden_dim, tcfg.embed_dim)
        self.item_tower = Tower(tcfg.item_feature_dim, tcfg.hidden_dim, tcfg.embed_dim)

    def forward(self, user_x, item_x):
        return self.user_tower(user_x), self.item_tower(item_x)
