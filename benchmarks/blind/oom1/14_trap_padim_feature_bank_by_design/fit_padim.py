"""PaDiM-style anomaly detection: a multivariate Gaussian per feature-map position,
fitted on features of ALL good training images (the memory bank is the method)."""
import argparse

import torch

from anomaly.backbone import FeatureExtractor
from anomaly.data import good_and_bad
from anomaly.padim import PaDiM

ap = argparse.ArgumentParser()
ap.add_argument("--n-train", type=int, default=1200)
ap.add_argument("--n-test", type=int, default=64)
ap.add_argument("--batch-size", type=int, default=32)
args = ap.parse_args()

torch.manual_seed(0)
train_x, test_x, test_y = good_and_bad(args.n_train, args.n_test)
padim = PaDiM(FeatureExtractor().eval())
padim.fit(train_x, args.batch_size)
scores = padim.score(test_x, args.batch_size)
auc_proxy = (scores[test_y == 1].mean() > scores[test_y == 0].mean()).item()
print(f"mean score good={scores[test_y == 0].mean():.2f} bad={scores[test_y == 1].mean():.2f} separated={auc_proxy}")
