import csv
import os

import numpy as np

FIELDS = ["review_id", "length_words", "exclaims", "caps_ratio", "pos_terms", "neg_terms",
          "helpful_votes", "verified", "days_since_purchase", "stars"]


def write_reviews_csv(path, n=1500, seed=5):
    if os.path.exists(path):
        return path
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(FIELDS)
        for i in range(n):
            pos = rng.poisson(3)
            neg = rng.poisson(2)
            score = 0.9 * (pos - neg) + rng.normal(0, 1)
            stars = int(np.clip(np.round(3 + score / 2), 1, 5))
            w.writerow([
                f"r{i:05d}", int(rng.integers(5, 400)), int(rng.poisson(1)), round(float(rng.beta(1, 12)), 4),
                pos, neg, int(rng.poisson(2)), int(rng.integers(0, 2)), int(rng.integers(1, 365)), stars,
            ])
    return path
