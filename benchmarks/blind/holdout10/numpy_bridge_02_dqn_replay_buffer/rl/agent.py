import copy

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class QNetwork(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU(),
                                 nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Linear(hidden, n_actions))

    def forward(self, x):
        return self.net(x)


class DQNAgent:
    def __init__(self, obs_dim, n_actions, lr=1e-3, gamma=0.99, target_sync=200, seed=0):
        self.q = QNetwork(obs_dim, n_actions)
        self.q_target = copy.deepcopy(self.q)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=lr)
        self.gamma = gamma
        self.target_sync = target_sync
        self.n_actions = n_actions
        self.rng = np.random.default_rng(seed)
        self.updates = 0

    def act(self, obs, epsilon):
        if self.rng.random() < epsilon:
            return int(self.rng.integers(self.n_actions))
        with torch.no_grad():
            return int(self.q(torch.as_tensor(obs, dtype=torch.float32)).argmax())

    def learn(self, batch):
        obs, actions, rewards, next_obs, dones = batch
        q = self.q(obs).gather(1, actions[:, None]).squeeze(1)
        with torch.no_grad():
            best_next = self.q(next_obs).argmax(1, keepdim=True)
            next_q = self.q_target(next_obs).gather(1, best_next).squeeze(1)
            target = rewards + self.gamma * (1 - dones) * next_q
        loss = F.smooth_l1_loss(q, target)
        self.opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(self.q.parameters(), 10.0)
        self.opt.step()
        self.updates += 1
        if self.updates % self.target_sync == 0:
            self.q_target.load_state_dict(self.q.state_dict())
        return loss.item()

    def save(self, path):
        torch.save({"q": self.q.state_dict(), "updates": self.updates}, path)
