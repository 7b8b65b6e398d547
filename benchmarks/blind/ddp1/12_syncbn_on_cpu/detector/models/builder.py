import torch.nn as nn

from .counter import BlobCounter


def build_model(cfg):
    model = BlobCounter(width=cfg["width"])
    if cfg.get("sync_bn", False):
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    return model
