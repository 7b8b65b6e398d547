import os

import numpy as np


def save_snapshot(generator, fixed_noise, out_dir, tag):
    """Store generated points for the fixed noise batch so training runs can be animated later."""
    os.makedirs(out_dir, exist_ok=True)
    points = generator(fixed_noise).cpu().numpy()
    np.save(os.path.join(out_dir, f"samples_{tag}.npy"), points)
    return points


def mode_coverage(points, centers, thresh=0.3):
    d = np.linalg.norm(points[:, None, :] - centers[None, :, :], axis=-1)
    nearest = d.argmin(1)
    good = d.min(1) < thresh
    covered = np.unique(nearest[good])
    return len(covered), float(good.mean())
