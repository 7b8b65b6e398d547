import numpy as np


def pv_plant(days=60, steps_per_day=48, seed=2):
    rng = np.random.default_rng(seed)
    n = days * steps_per_day
    t = np.arange(n)
    frac = (t % steps_per_day) / steps_per_day
    sun = np.clip(np.sin(np.pi * (frac - 0.25) / 0.5), 0, None)
    cloud = np.clip(np.convolve(rng.random(n), np.ones(12) / 12, mode="same") * 1.4 - 0.2, 0, 1)
    irradiance = 1000 * sun * (1 - 0.7 * cloud)
    temp = 15 + 10 * sun + rng.normal(0, 1, n)
    output = 0.18 * irradiance * (1 - 0.004 * (temp - 25)) + rng.normal(0, 5, n)
    feats = np.stack([irradiance / 1000, temp / 40, cloud, np.sin(2 * np.pi * frac), np.cos(2 * np.pi * frac)], 1)
    return feats, output / 200
