import numpy as np


class PointMass:
    """1-D point mass pushed towards the origin; hand-written stand-in for a DMC task."""

    def __init__(self, seed=0, max_steps=50):
        self.rng = np.random.RandomState(seed)
        self.max_steps = max_steps

    def reset(self):
        self.t = 0
        self.pos = self.rng.uniform(-1, 1)
        self.vel = 0.0
        return self._obs()

    def _obs(self):
        return np.array([self.pos, self.vel], dtype=np.float32)

    def step(self, action):
        a = float(np.clip(action, -1, 1))
        self.vel = 0.9 * self.vel + 0.1 * a
        self.pos = float(np.clip(self.pos + self.vel, -2, 2))
        self.t += 1
        reward = -abs(self.pos)
        return self._obs(), reward, self.t >= self.max_steps
