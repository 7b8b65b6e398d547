import argparse


def get_parser():
    p = argparse.ArgumentParser(description="Building energy consumption regression")
    p.add_argument("--n-buildings", type=int, default=2500)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--workdir", default="work")
    p.add_argument("--seed", type=int, default=99)
    return p
