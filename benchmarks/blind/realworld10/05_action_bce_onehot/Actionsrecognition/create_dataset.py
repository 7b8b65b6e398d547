"""Build (pose-sequence, label) pairs from per-frame keypoints + per-frame action labels."""
import numpy as np

class_names = ['Standing', 'Walking', 'Sitting', 'Lying Down',
               'Stand up', 'Sit down', 'Fall Down']
main_parts = 13
n_frames = 30
skip_frame = 1


def synth_frames(n_videos=24, frames_per_video=60, seed=0):
    """Synthetic stand-in for the per-frame pose csv (x, y, score per joint + label)."""
    rng = np.random.RandomState(seed)
    protos = rng.randn(len(class_names), main_parts, 3).astype(np.float32)
    videos = []
    for v in range(n_videos):
        label = v % len(class_names)
        t = np.linspace(0, 2 * np.pi, frames_per_video)[:, None, None]
        pts = protos[label][None] + 0.3 * np.sin(t * (label + 1)) + 0.1 * rng.randn(frames_per_video, main_parts, 3)
        videos.append((pts.astype(np.float32), np.full(frames_per_video, label)))
    return videos


def make_sequences(videos):
    feature_set = []
    labels_set = []
    for pts, lbs in videos:
        for i in range(0, len(pts) - n_frames + 1, 5):
            feature_set.append(pts[i:i + n_frames:skip_frame])
            labels_set.append(lbs[i + n_frames - 1])
    feature_set = np.stack(feature_set)
    labels_set = np.array(labels_set).reshape(-1, 1)
    return feature_set, labels_set
