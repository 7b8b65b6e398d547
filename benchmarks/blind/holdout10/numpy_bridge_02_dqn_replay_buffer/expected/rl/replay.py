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
        obs, act, rew, nxt, done = zip(*self.rng.sample(self.storage, batch_size))
        obs = torch.as_tensor(np.stack(obs), dtype=torch.float32)
        actions = torch.as_tensor(np.array(act, dtype=np.int64))
        rewards = torch.as_tensor(np.array(rew, dtype=np.float32))
        next_obs = torch.as_tensor(np.stack(nxt), dtype=torch.float32)
        dones = torch.as_tensor(np.array(done, dtype=np.float32))
        return obs, actions, rewards, next_obs, dones
