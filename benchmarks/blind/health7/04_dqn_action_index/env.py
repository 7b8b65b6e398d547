import numpy as np


class ChainEnv:
    """1-D corridor: start in the middle, reward 1 at the right end, -1 at the left end."""

    def __init__(self, length=9, max_steps=30, seed=0):
        self.length = length
        self.max_steps = max_steps
        self.rng = np.random.default_rng(seed)
        self.n_actions = 2
        self.obs_dim = length

    def _obs(self):
        o = np.zeros(self.length, dtype=np.float32)
        o[self.pos] = 1.0
        return o

    def reset(self):
        self.pos = self.length // 2
        self.t = 0
        return self._obs()

    def step(self, action):
        self.t += 1
        if self.rng.random() < 0.1:
            action = 1 - action
        self.pos += 1 if action == 1 else -1
        reward, done = 0.0, False
        if self.pos == self.length - 1:
            reward, done = 1.0, True
        elif self.pos == 0:
            reward, done = -1.0, True
        if self.t >= self.max_steps:
            done = True
        return self._obs(), reward, done
