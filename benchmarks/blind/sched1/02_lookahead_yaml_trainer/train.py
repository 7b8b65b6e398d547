import argparse

import yaml

from lib.trainer import Trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    Trainer(cfg).fit()


if __name__ == "__main__":
    main()
