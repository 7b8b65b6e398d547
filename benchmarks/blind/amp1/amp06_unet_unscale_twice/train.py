import argparse

from denoise.data import make_loaders
from denoise.trainer import DenoiseTrainer
from denoise.unet import TinyUNet

DEFAULTS = dict(
    lr=2e-3,
    weight_decay=0.0,
    batch_size=16,
    num_images=64,
    image_size=24,
    noise_std=0.3,
    base_channels=8,
    amp=True,
    max_grad_norm=1.0,
    log_every=4,
    seed=3,
)


def main():
    ap = argparse.ArgumentParser(description="Train a small UNet denoiser")
    ap.add_argument("--epochs", type=int, default=3)
    for k, v in DEFAULTS.items():
        if isinstance(v, bool):
            ap.add_argument(f"--{k.replace('_', '-')}", type=lambda s: s.lower() in ("1", "true", "yes"), default=v)
        else:
            ap.add_argument(f"--{k.replace('_', '-')}", type=type(v), default=v)
    cfg = vars(ap.parse_args())
    train_dl, val_dl = make_loaders(cfg)
    model = TinyUNet(base=cfg["base_channels"])
    trainer = DenoiseTrainer(model, cfg)
    trainer.fit(train_dl, val_dl, epochs=cfg["epochs"])


if __name__ == "__main__":
    main()
