import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel

from segnet.models.unet import MiniUNet


def build_model(cfg, device, distributed):
    model = MiniUNet(cfg.get("width", 16))
    if distributed:
        # BN statistics over the global batch
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    model = model.to(device)
    if distributed:
        ids = [device.index] if device.type == "cuda" else None
        model = DistributedDataParallel(model, device_ids=ids)
    return model
