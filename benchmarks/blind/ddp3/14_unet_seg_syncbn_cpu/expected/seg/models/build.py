import torch
import torch.nn as nn

from seg.models.unet import UNet


def build_model(cfg):
    model = UNet(cfg["base_channels"])
    # SyncBatchNorm only works on CUDA tensors; plain BatchNorm on CPU
    if cfg.get("sync_bn", False) and torch.cuda.is_available():
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    return model
