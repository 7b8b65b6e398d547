import argparse
import os

import torch

from denoiser.data import NoisyCleanSet
from denoiser.demucs import Demucs
from denoiser.solver import Solver


def run(args):
    torch.manual_seed(args.seed)
    if not os.path.isdir(args.dset):
        import make_dataset
        make_dataset.main(args.dset)
    length = int(args.segment * args.sample_rate)
    stride = int(args.stride * args.sample_rate)
    kwargs = {"sample_rate": args.sample_rate}
    tr_dataset = NoisyCleanSet(os.path.join(args.dset, "tr", "noisy"), os.path.join(args.dset, "tr", "clean"),
                               length=length, stride=stride, pad=args.pad, **kwargs)
    tr_loader = torch.utils.data.DataLoader(tr_dataset, batch_size=args.batch_size, shuffle=True)
    cv_dataset = NoisyCleanSet(os.path.join(args.dset, "cv", "noisy"), os.path.join(args.dset, "cv", "clean"),
                               **kwargs)
    cv_loader = torch.utils.data.DataLoader(cv_dataset, batch_size=1)
    data = {"tr_loader": tr_loader, "cv_loader": cv_loader}

    model = Demucs(hidden=args.hidden, depth=args.depth, sample_rate=args.sample_rate)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, betas=(0.9, 0.999))
    solver = Solver(data, model, optimizer, args)
    solver.train()


if __name__ == "__main__":
    parser = argparse.ArgumentParser("denoiser training")
    parser.add_argument("--dset", default="egs/valentini_small")
    parser.add_argument("--sample_rate", type=int, default=16000)
    parser.add_argument("--segment", type=float, default=0.5)
    parser.add_argument("--stride", type=float, default=0.25)
    parser.add_argument("--pad", type=int, default=1)
    parser.add_argument("--batch_size", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2036)
    run(parser.parse_args())
