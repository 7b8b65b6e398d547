import torch


def freeze_by_name(model, keys):
    frozen = 0
    for name, param in model.named_parameters():
        if any(k in name for k in keys):
            param.requires_grad = False
            frozen += param.numel()
    print(f"froze {frozen} parameters matching {keys}")


def make_optimizer(model, lr):
    return torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=lr)
