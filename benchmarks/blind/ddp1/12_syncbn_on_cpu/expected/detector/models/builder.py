import torch
import torch.nn as nn

from .counter import BlobCounter


def build_model(cfg):
    model = BlobCounter(width=cfg["width"])
    # SyncBatchNorm only runs on GPU; plain BatchNorm on CPU
    if cfg.get("sync_bn", False) and torch.cuda.is_available():
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    return model
