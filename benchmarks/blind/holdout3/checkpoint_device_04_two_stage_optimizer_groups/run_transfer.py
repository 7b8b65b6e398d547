import argparse
import os

import torch

from transfer.backbone import Classifier
from transfer.data import gradient_images
from transfer.stages import full_finetune, linear_probe

HERE = os.path.dirname(os.path.abspath(__file__))


def accuracy(model, ds):
    model.eval()
    with torch.no_grad():
        x, y = ds.tensors
        return (model(x).argmax(1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--num-classes", type=int, default=5)
    ap.add_argument("--batch-size", type=int, default=32)
    args = ap.parse_args()
    cfg = {"batch_size": args.batch_size, "probe_lr": 0.05, "probe_epochs": 2,
           "ft_lr": 0.02, "ft_epochs": 2, "out_dir": os.path.join(HERE, "outputs")}

    torch.manual_seed(0)
    train_ds = gradient_images(320, args.num_classes, seed=0)
    test_ds = gradient_images(96, args.num_classes, seed=1)
    model = Classifier(args.num_classes)

    ckpt = linear_probe(model, train_ds, cfg)
    print(f"after linear probe: test acc {accuracy(model, test_ds):.3f}")
    model = full_finetune(model, train_ds, cfg, resume_from=ckpt)
    print(f"after fine-tuning: test acc {accuracy(model, test_ds):.3f}")


if __name__ == "__main__":
    main()
