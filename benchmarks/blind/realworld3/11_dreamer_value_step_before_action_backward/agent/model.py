import torch
import torch.nn as nn


class TransitionModel(nn.Module):
    """deterministic latent dynamics + reward head"""

    def __init__(self, obs_dim=2, state_dim=16, action_dim=1):
        super().__init__()
        self.encoder = nn.Linear(obs_dim, state_dim)
        self.dynamics = nn.Sequential(nn.Linear(state_dim + action_dim, 64), nn.ELU(), nn.Linear(64, state_dim))
        self.reward = nn.Sequential(nn.Linear(state_dim, 32), nn.ELU(), nn.Linear(32, 1))

    def prior(self, state, action):
        return state + self.dynamics(torch.cat([state, action], dim=1))


class ValueModel(nn.Module):
    def __init__(self, state_dim=16):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(state_dim, 64), nn.ELU(), nn.Linear(64, 1))

    def forward(self, state):
        return self.fc(state)


class ActionModel(nn.Module):
    def __init__(self, state_dim=16, action_dim=1):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(state_dim, 64), nn.ELU(), nn.Linear(64, action_dim))

    def forward(self, state, training=True):
        mean = torch.tanh(self.fc(state))
        if training:
            return torch.clamp(mean + 0.1 * torch.randn_like(mean), -1, 1)
        return mean
