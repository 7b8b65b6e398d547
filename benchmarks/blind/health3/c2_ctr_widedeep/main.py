import sys

from ctr.config import TrainConfig
from ctr.engine import fit


def main(argv):
    cfg = TrainConfig.from_argv(argv)
    print(f"config: {cfg}")
    history = fit(cfg)
    best = min(history, key=lambda h: h["val_logloss"])
    print(f"best epoch {best['epoch']}  val_logloss {best['val_logloss']:.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
