import argparse

from mcr.config import Config
from mcr.trainer import Trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=Config.epochs)
    parser.add_argument("--batch-size", type=int, default=Config.batch_size)
    parser.add_argument("--gamma", type=float, default=Config.mcr_weight, help="weight of the rate-reduction term")
    parser.add_argument("--precision", choices=["32", "bf16-mixed", "16-mixed"], default=Config.precision)
    args = parser.parse_args()
    cfg = Config(epochs=args.epochs, batch_size=args.batch_size, mcr_weight=args.gamma, precision=args.precision)
    Trainer(cfg).fit()


if __name__ == "__main__":
    main()
