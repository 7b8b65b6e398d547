import numpy as np

_FREQS = {"walking": 2.0, "running": 3.2, "sitting": 0.0, "stairs": 1.6, "cycling": 1.2}


def simulate_imu(activity, window, rate, rng):
    t = np.arange(window) / rate
    f = _FREQS[activity]
    amp = 0.2 if f == 0 else 1.0 + 0.3 * f
    phase = rng.uniform(0, 2 * np.pi, size=6)
    acc = amp * np.sin(2 * np.pi * f * t[:, None] + phase[:3]) + np.array([0, 0, 9.81])
    gyr = 0.5 * amp * np.cos(2 * np.pi * f * t[:, None] + phase[3:])
    sig = np.concatenate([acc, gyr], axis=1)
    sig += rng.normal(scale=0.15, size=sig.shape)
    return sig.astype(np.float32)


def add_magnitude_channel(sig):
    mag = np.linalg.norm(sig[:, :3], axis=1, keepdims=True)
    return np.concatenate([sig, mag], axis=1)
