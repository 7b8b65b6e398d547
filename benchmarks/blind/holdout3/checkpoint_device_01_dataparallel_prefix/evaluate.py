import torch
from torch.utils.data import DataLoader

from nets import PatchMixer


def load_for_inference(path, cfg):
    model = PatchMixer(image_size=cfg.IMAGE_SIZE, num_classes=cfg.NUM_CLASSES)
    model.load_state_dict(torch.load(path, map_location="cpu"))
    return model.eval()


@torch.no_grad()
def confusion(model, ds, num_classes):
    cm = torch.zeros(num_classes, num_classes, dtype=torch.long)
    for x, y in DataLoader(ds, batch_size=64):
        for t, p in zip(y, model(x).argmax(1)):
            cm[t, p] += 1
    return cm
