import argparse

import yaml

from enhance.engine.trainer import Trainer


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="train a complex-ratio-mask speech enhancer")
    ap.add_argument("--config", default="config.yaml")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    Trainer(cfg).fit()
