import copy

import torch


def param_groups_layer_decay(model, weight_decay, layer_decay, n_layers):
    groups = {}
    for name, p in model.named_parameters():
        if not p.requires_grad:
            continue
        if name.startswith(("cls_token", "pos_embed", "patch_embed")):
            layer = 0
        elif name.startswith("blocks."):
            layer = int(name.split(".")[1]) + 1
        else:
            layer = n_layers + 1
        no_wd = p.ndim == 1 or name in ("cls_token", "pos_embed")
        key = (layer, no_wd)
        if key not in groups:
            groups[key] = {"params": [], "weight_decay": 0.0 if no_wd else weight_decay,
                           "lr_scale": layer_decay ** (n_layers + 1 - layer)}
        groups[key]["params"].append(p)
    return list(groups.values())


class EMA:
    def __init__(self, model, decay):
        self.module = copy.deepcopy(model).eval().requires_grad_(False)
        self.decay = decay

    @torch.no_grad()
    def update(self, model):
        for e, m in zip(self.module.state_dict().values(), model.state_dict().values()):
            if e.is_floating_point():
                e.lerp_(m, 1 - self.decay)
