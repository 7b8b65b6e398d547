import os

import torch

from model import ConvAutoencoder


def get_device():
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def fake_digits(n=640, seed=0):
    g = torch.Generator().manual_seed(seed)
    imgs = torch.zeros(n, 1, 28, 28)
    for i in range(n):
        r0, c0 = torch.randint(2, 14, (2,), generator=g).tolist()
        h, w = torch.randint(6, 12, (2,), generator=g).tolist()
        imgs[i, 0, r0:r0 + h, c0:c0 + 2] = 1.0
        imgs[i, 0, r0:r0 + 2, c0:c0 + w] = 1.0
    return imgs


def save_checkpoint(model, optimizer, epoch, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({
        "epoch": epoch,
        "model_state_dict": model.state_dict(),
        "optimizer_state_dict": optimizer.state_dict(),
    }, path)


def load_model(path, device):
    model = ConvAutoencoder()
    checkpoint = torch.load(path, map_location=device)
    model.load_state_dict(checkpoint["model_state_dict"])
    return model.to(device).eval()
