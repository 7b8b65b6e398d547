import argparse

import yaml

from seqcls.trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config.yaml")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    Trainer(cfg).fit()


if __name__ == "__main__":
    main()
