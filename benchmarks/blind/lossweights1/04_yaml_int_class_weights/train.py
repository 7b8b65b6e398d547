import argparse

import torch
import yaml

from sentiment.data import ReviewFeatures
from sentiment.model import SentimentMLP
from sentiment.trainer import Trainer


def main():
    parser = argparse.ArgumentParser(description="train the review sentiment classifier")
    parser.add_argument("--config", default="configs/review_clf.yaml")
    args = parser.parse_args()

    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(cfg["seed"])

    d = cfg["data"]
    train_set = ReviewFeatures(d["n_train"], d["n_features"], d["label_freq"], seed=cfg["seed"])
    val_set = ReviewFeatures(d["n_val"], d["n_features"], d["label_freq"], seed=cfg["seed"] + 1)
    model = SentimentMLP(d["n_features"], cfg["model"]["hidden"], len(d["label_names"]), cfg["model"]["dropout"])
    Trainer(cfg, model, train_set, val_set).fit()


if __name__ == "__main__":
    main()
