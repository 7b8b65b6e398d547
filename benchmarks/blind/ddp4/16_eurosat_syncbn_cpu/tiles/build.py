import torch.nn as nn

from .resnet import ResNet8


def build_model(cfg):
    m = cfg["model"]
    model = ResNet8(m["in_bands"], m["width"], m["num_classes"])
    if m.get("sync_bn", False):
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    return model
