import torch
import torch.nn as nn

from .resnet import ResNet8


def build_model(cfg):
    m = cfg["model"]
    model = ResNet8(m["in_bands"], m["width"], m["num_classes"])
    # SyncBatchNorm only runs on GPU; fall back to plain BatchNorm on CPU
    if m.get("sync_bn", False) and torch.cuda.is_available():
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    return model
