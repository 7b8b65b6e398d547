import torch

from probe.models.convnext_tiny import tiny_convnext
from probe.data import leaf_dataset

ARCHS = {"tiny_convnext": tiny_convnext}


def build_model(cfg):
    model = ARCHS[cfg["arch"]](pretrained_classes=cfg["pretrained_classes"])
    if cfg.get("freeze_backbone", False):
        for name, p in model.named_parameters():
            if not name.startswith("head."):
                p.requires_grad = False
    return model


def build_optimizer(cfg, model):
    params = [p for p in model.parameters() if p.requires_grad]
    if cfg["name"] == "sgd":
        return torch.optim.SGD(params, lr=cfg["lr"], momentum=cfg.get("momentum", 0.0))
    return torch.optim.AdamW(params, lr=cfg["lr"])


def setup(cfg):
    model = build_model(cfg["model"])
    dataset, num_classes = leaf_dataset(**cfg["data"])
    if model.get_classifier().out_features != num_classes:
        model.reset_classifier(num_classes)
    optimizer = build_optimizer(cfg["optim"], model)
    return model, optimizer, dataset
