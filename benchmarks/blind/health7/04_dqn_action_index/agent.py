import copy

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class QNetwork(nn.Module):
    def __init__(self, in_dim, out_dim, hidden=64):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(),
                                    nn.Linear(hidden, hidden), nn.ReLU(),
                                    nn.Linear(hidden, out_dim))

    def forward(self, x):
        return self.layers(x)


class DQNAgent:
    def __init__(self, obs_dim, n_actions, lr=1e-3, gamma=0.95, target_update=50, seed=0):
        self.dqn = QNetwork(obs_dim, n_actions)
        self.dqn_target = copy.deepcopy(self.dqn)
        self.dqn_target.eval()
        self.optimizer = torch.optim.Adam(self.dqn.parameters(), lr=lr)
        self.gamma = gamma
        self.target_update = target_update
        self.n_actions = n_actions
        self.rng = np.random.default_rng(seed)
        self.updates = 0

    def select_action(self, obs, epsilon):
        if self.rng.random() < epsilon:
            return int(self.rng.integers(self.n_actions))
        with torch.no_grad():
            return int(self.dqn(torch.as_tensor(obs).unsqueeze(0)).argmax(1).item())

    def _compute_dqn_loss(self, samples):
        state = torch.FloatTensor(samples["obs"])
        next_state = torch.FloatTensor(samples["next_obs"])
        action = torch.as_tensor(samples["acts"]).reshape(-1, 1)
        reward = torch.FloatTensor(samples["rews"]).reshape(-1, 1)
        done = torch.FloatTensor(samples["done"]).reshape(-1, 1)

        curr_q_value = self.dqn(state).gather(1, action)
        next_q_value = self.dqn_target(next_state).max(dim=1, keepdim=True)[0].detach()
        target = (reward + self.gamma * next_q_value * (1 - done))
        return F.smooth_l1_loss(curr_q_value, target)

    def update_model(self, samples):
        loss = self._compute_dqn_loss(samples)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.updates += 1
        if self.updates % self.target_update == 0:
            self.dqn_target.load_state_dict(self.dqn.state_dict())
        return loss.item()
