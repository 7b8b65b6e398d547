def freeze(module):
    for p in module.parameters():
        p.requires_grad = False


def param_groups(model, head_lr, backbone_lr, freeze_backbone):
    groups = [{"params": list(model.backbone.parameters()), "lr": backbone_lr}]
    if not freeze_backbone:
        groups.append({"params": list(model.head.parameters()), "lr": head_lr})
    return groups
