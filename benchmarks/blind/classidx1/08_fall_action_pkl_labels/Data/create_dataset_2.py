"""
Build the skeleton-sequence training set from the per-frame pose annotation.
Output pickle: (features, labels)
    features: (N_samples, time_steps, graph_node, channels)
    labels:   (N_samples, num_class)  one-hot of the action class of the last frame.
"""
import pickle

import numpy as np

class_names = ['Standing', 'Walking', 'Sitting', 'Lying Down',
               'Stand up', 'Sit down', 'Fall Down']
n_frames = 10
n_nodes = 14


def synth_sequences(n_samples, seed=9):
    rng = np.random.RandomState(seed)
    base = rng.rand(len(class_names), n_nodes, 2).astype(np.float32)
    cls = rng.randint(0, len(class_names), size=n_samples)
    t = np.linspace(0, 1, n_frames, dtype=np.float32)[None, :, None, None]
    drift = (cls[:, None, None, None] - 3) * 0.05 * t
    xy = base[cls][:, None] + drift + rng.randn(n_samples, n_frames, n_nodes, 2).astype(np.float32) * 0.05
    score = rng.rand(n_samples, n_frames, n_nodes, 1).astype(np.float32) * 0.3 + 0.7
    return np.concatenate([xy, score], axis=-1).astype(np.float32), cls


if __name__ == '__main__':
    features, cls = synth_sequences(60)
    labels = np.eye(len(class_names), dtype=np.float32)[cls]
    with open('Home_new-set(labelXscrw).pkl', 'wb') as f:
        pickle.dump((features, labels), f)
