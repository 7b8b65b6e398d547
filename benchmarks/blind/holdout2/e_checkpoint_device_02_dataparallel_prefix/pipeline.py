import argparse
import os

import torch

from finetune import finetune
from pretrain import pretrain

DEFAULTS = dict(batch_size=32, lr=1e-3, latent=8, pretrain_epochs=3, finetune_epochs=5,
                pretrained_path=os.path.join("artifacts", "ae_pretrained.pt"))


def main():
    ap = argparse.ArgumentParser(description="pretrain -> finetune pipeline")
    ap.add_argument("--pretrain-epochs", type=int, default=DEFAULTS["pretrain_epochs"])
    ap.add_argument("--finetune-epochs", type=int, default=DEFAULTS["finetune_epochs"])
    args = ap.parse_args()
    cfg = dict(DEFAULTS, pretrain_epochs=args.pretrain_epochs, finetune_epochs=args.finetune_epochs)
    os.makedirs(os.path.dirname(cfg["pretrained_path"]), exist_ok=True)
    torch.manual_seed(0)
    path = pretrain(cfg)
    model = finetune(cfg, path)
    torch.save(model.state_dict(), os.path.join("artifacts", "classifier.pt"))


if __name__ == "__main__":
    main()
