import torch.nn as nn

from seg.models.unet import UNet


def build_model(cfg):
    model = UNet(cfg["base_channels"])
    if cfg.get("sync_bn", False):
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    return model
