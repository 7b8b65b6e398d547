import torch
from torch.utils.data import DataLoader

from .checkpoint import load_checkpoint
from .data import make_glyph_dataset
from .model import LeNet5


@torch.no_grad()
def evaluate(cfg, ckpt_path):
    ds = make_glyph_dataset(cfg.data.num_test, cfg.data.num_classes, cfg.data.image_size, cfg.data.seed + 1)
    model = LeNet5(cfg.data.num_classes)
    state = load_checkpoint(ckpt_path, model)
    model.eval()
    correct = 0
    confusion = torch.zeros(cfg.data.num_classes, cfg.data.num_classes, dtype=torch.long)
    for x, y in DataLoader(ds, batch_size=256):
        pred = model(x).argmax(1)
        correct += (pred == y).sum().item()
        for t, p in zip(y, pred):
            confusion[t, p] += 1
    acc = correct / len(ds)
    print(f"[eval] checkpoint epoch {state['epoch'] + 1}: test accuracy {acc:.3f}")
    return acc, confusion
