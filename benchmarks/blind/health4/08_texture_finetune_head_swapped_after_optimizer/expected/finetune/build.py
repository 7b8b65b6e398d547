import torch

from .texnet import TexNet


def make_optimizer(model, opt_cfg):
    params = [p for p in model.parameters() if p.requires_grad]
    if opt_cfg["name"] == "adam":
        return torch.optim.Adam(params, lr=opt_cfg["lr"])
    return torch.optim.SGD(params, lr=opt_cfg["lr"], momentum=0.9)


def build_model_and_optimizer(cfg):
    model = TexNet(num_classes=cfg["pretrain_classes"])
    state = torch.load(cfg["pretrained"], map_location="cpu")
    model.load_state_dict(state)
    if cfg["freeze_backbone"]:
        for p in model.backbone.parameters():
            p.requires_grad = False
    model.reset_classifier(cfg["num_classes"])
    optimizer = make_optimizer(model, cfg["optimizer"])
    return model, optimizer
