import torch.nn as nn


def freeze(module: nn.Module):
    for p in module.parameters():
        p.requires_grad = False
    module.eval()
    return module


def set_train_mode(model, frozen_backbone=True):
    """model.train() would also switch the frozen backbone's BatchNorm layers back to batch statistics."""
    model.train()
    if frozen_backbone:
        model.backbone.eval()
