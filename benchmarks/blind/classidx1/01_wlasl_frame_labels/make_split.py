import json

import numpy as np


def synth_videos(num_classes=6, per_class=12, seed=0):
    """Small synthetic 'sign' clips: each gloss moves a bright blob along its own path."""
    rng = np.random.RandomState(seed)
    videos, split = {}, {}
    k = 0
    for c in range(num_classes):
        for i in range(per_class):
            nf = rng.randint(18, 26)
            clip = rng.randint(0, 40, size=(nf, 16, 16, 3)).astype(np.float32)
            for t in range(nf):
                y = (2 + c * 2 + t // 4) % 14
                x = (t + c * 3) % 14
                clip[t, y:y + 3, x:x + 3, c % 3] = 255.
            vid = '%05d' % k
            videos[vid] = clip
            subset = 'test' if i >= per_class - 2 else 'train'
            split[vid] = {'subset': subset, 'action': [c, 0, nf]}
            k += 1
    return videos, split


if __name__ == '__main__':
    videos, split = synth_videos()
    with open('nslt_6.json', 'w') as f:
        json.dump(split, f)
