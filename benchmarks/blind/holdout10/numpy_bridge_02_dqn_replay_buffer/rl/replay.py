import random

import numpy as np
import torch


class ReplayBuffer:
    def __init__(self, capacity, seed=0):
        self.capacity = capacity
        self.storage = []
        self.pos = 0
        self.rng = random.Random(seed)

    def __len__(self):
        return len(self.storage)

    def push(self, obs, action, reward, next_obs, done):
        item = (obs, action, reward, next_obs, done)
        if len(self.storage) < self.capacity:
            self.storage.append(item)
        else:
            self.storage[self.pos] = item
        self.pos = (self.pos + 1) % self.capacity

    def sample(self, batch_size):
        batch = np.array(self.rng.sample(self.storage, batch_size), dtype=object)
        obs = torch.as_tensor(batch[:, 0], dtype=torch.float32)
        actions = torch.as_tensor(batch[:, 1].astype(np.int64))
        rewards = torch.as_tensor(batch[:, 2].astype(np.float32))
        next_obs = torch.as_tensor(batch[:, 3], dtype=torch.float32)
        dones = torch.as_tensor(batch[:, 4].astype(np.float32))
        return obs, actions, rewards, next_obs, dones
