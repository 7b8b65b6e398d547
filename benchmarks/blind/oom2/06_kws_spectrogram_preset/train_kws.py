import argparse

import torch

from kws.presets import PRESETS
from kws.features import fake_log_mel
from kws.net import kws_cnn
from kws.fit import fit

N_WORDS = 10


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="base", choices=sorted(PRESETS))
    ap.add_argument("--epochs", type=int, default=1)
    args = ap.parse_args()
    hp = PRESETS[args.preset]
    torch.manual_seed(0)
    x, y = fake_log_mel(hp["n_train"], hp["n_mels"], hp["frames"], N_WORDS, seed=0)
    xv, yv = fake_log_mel(64, hp["n_mels"], hp["frames"], N_WORDS, seed=1)
    model = kws_cnn(N_WORDS, hp["channels"])
    fit(model, (x, y, xv, yv), hp, args.epochs)
    torch.save(model.state_dict(), f"kws_{args.preset}.pt")


if __name__ == "__main__":
    main()
