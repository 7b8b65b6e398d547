import numpy as np


class MergeEnvMARL(object):
    """A tiny hand-written on-ramp merge scenario.

    n_agents controlled vehicles (some on the ramp, some on the main road) and a few
    human-driven vehicles. Each agent observes the 5 closest vehicles (itself first)
    with 5 kinematic features: presence, x, y, vx, vy  ->  a 5 x 5 matrix.
    Discrete actions: 0 = slower, 1 = idle, 2 = faster.
    """
    N_OBS_VEHICLES = 5
    FEATURES = ["presence", "x", "y", "vx", "vy"]

    def __init__(self, n_agents=2, n_humans=4, episode_len=25, seed=0):
        self.n_agents = n_agents
        self.n_humans = n_humans
        self.episode_len = episode_len
        self.rng = np.random.RandomState(seed)
        self.n_a = 3
        self.n_s = self.N_OBS_VEHICLES * len(self.FEATURES)

    def reset(self):
        self.t = 0
        n = self.n_agents + self.n_humans
        self.pos = np.zeros((n, 2))
        self.pos[:, 0] = self.rng.uniform(0, 100, n)
        self.pos[:, 1] = np.where(np.arange(n) % 3 == 0, 1.0, 0.0)   # lane 1 = ramp
        self.vel = np.zeros((n, 2))
        self.vel[:, 0] = self.rng.uniform(20, 28, n)
        return self._obs()

    def _obs(self):
        obs = np.zeros((self.n_agents, self.N_OBS_VEHICLES, len(self.FEATURES)), dtype=np.float32)
        for i in range(self.n_agents):
            d = np.abs(self.pos[:, 0] - self.pos[i, 0]) + 10 * np.abs(self.pos[:, 1] - self.pos[i, 1])
            near = np.argsort(d)[:self.N_OBS_VEHICLES]
            for k, j in enumerate(near):
                rel = self.pos[j] - (self.pos[i] if k > 0 else 0)
                obs[i, k] = [1.0, rel[0] / 100.0, rel[1], self.vel[j, 0] / 30.0, self.vel[j, 1] / 5.0]
        # the policies take a flat vector of n_s = 5 x 5 features per agent
        return obs.reshape(self.n_agents, -1)

    def step(self, actions):
        self.t += 1
        for i, a in enumerate(actions):
            self.vel[i, 0] = np.clip(self.vel[i, 0] + (a - 1) * 2.0, 15, 35)
        self.vel[self.n_agents:, 0] += self.rng.randn(self.n_humans) * 0.5
        self.pos += 0.1 * self.vel
        # ramp vehicles merge after x > 150
        merging = (self.pos[:, 1] > 0.5) & (self.pos[:, 0] > 150)
        self.pos[merging, 1] = 0.0
        rewards = []
        for i in range(self.n_agents):
            gaps = [abs(self.pos[j, 0] - self.pos[i, 0]) for j in range(len(self.pos))
                    if j != i and abs(self.pos[j, 1] - self.pos[i, 1]) < 0.5]
            collision = len(gaps) > 0 and min(gaps) < 2.0
            rewards.append((self.vel[i, 0] - 20) / 15.0 - (5.0 if collision else 0.0))
        done = self.t >= self.episode_len
        return self._obs(), np.array(rewards, dtype=np.float32), done, {}
