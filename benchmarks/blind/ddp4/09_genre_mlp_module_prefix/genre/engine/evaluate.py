import torch
from torch.utils.data import DataLoader

from genre.nn import GenreMLP


@torch.no_grad()
def test_best_checkpoint(path, test_set):
    model = GenreMLP()
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict(ckpt["state_dict"])
    model.eval()
    correct = total = 0
    for x, y in DataLoader(test_set, batch_size=256):
        correct += (model(x).argmax(-1) == y).sum().item()
        total += y.numel()
    return ckpt["epoch"], correct / total
