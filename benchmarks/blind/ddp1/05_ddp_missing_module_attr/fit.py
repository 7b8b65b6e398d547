import argparse
import gc

import torch
from torch.utils.data import TensorDataset

from litae.fitter import Fitter
from litae.module import LitAutoEncoder


def make_data(n, dim=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    z = torch.randn(n, 4, generator=g)
    mix = torch.randn(4, dim, generator=g)
    return TensorDataset(torch.tanh(z @ mix) + 0.05 * torch.randn(n, dim, generator=g))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-epochs", type=int, default=3)
    args = ap.parse_args()
    torch.manual_seed(0)
    fitter = Fitter(max_epochs=args.max_epochs)
    fitter.fit(LitAutoEncoder(), make_data(1024), make_data(256, seed=1))
    fitter.teardown()
    gc.collect()
