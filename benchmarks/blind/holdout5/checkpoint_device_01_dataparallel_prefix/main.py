import argparse

from config import Config
from engine.evaluate import evaluate
from engine.trainer import train


def main():
    ap = argparse.ArgumentParser(description="LeNet-5 on synthetic glyphs: train then evaluate")
    ap.add_argument("--stage", choices=["train", "eval", "all"], default="all")
    ap.add_argument("--ckpt", default=None)
    args = ap.parse_args()
    cfg = Config()

    ckpt = args.ckpt
    if args.stage in ("train", "all"):
        ckpt = train(cfg)
    if args.stage in ("eval", "all"):
        if ckpt is None:
            ckpt = f"{cfg.train.ckpt_dir}/{cfg.train.ckpt_name}"
        evaluate(cfg, ckpt)


if __name__ == "__main__":
    main()
