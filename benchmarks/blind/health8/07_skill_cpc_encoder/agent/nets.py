import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, obs_shape):
        super().__init__()
        self.repr_dim = 32 * 4 * 4
        self.convnet = nn.Sequential(
            nn.Conv2d(obs_shape[0], 32, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(32, 32, 3, stride=2, padding=1), nn.ReLU(),
        )

    def forward(self, obs):
        obs = obs - 0.5
        return self.convnet(obs).flatten(1)


def mlp(in_dim, hidden, out_dim):
    return nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                         nn.Linear(hidden, out_dim))


class CIC(nn.Module):
    def __init__(self, obs_dim, skill_dim, hidden_dim, project_skill=True):
        super().__init__()
        self.state_net = mlp(obs_dim, hidden_dim, skill_dim)
        self.next_state_net = mlp(obs_dim, hidden_dim, skill_dim)
        self.pred_net = mlp(2 * skill_dim, hidden_dim, skill_dim)
        self.skill_net = mlp(skill_dim, hidden_dim, skill_dim) if project_skill else nn.Identity()

    def forward(self, state, next_state, skill):
        query = self.skill_net(skill)
        key = self.pred_net(torch.cat([self.state_net(state), self.next_state_net(next_state)], 1))
        return query, key
