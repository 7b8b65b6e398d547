import math

import torch
import torch.nn as nn

from .functional import lora_linear


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, rank=4, alpha=8.0):
        super().__init__()
        self.base = base
        self.lora_a = nn.Parameter(torch.empty(rank, base.in_features))
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank))
        nn.init.kaiming_uniform_(self.lora_a, a=math.sqrt(5))
        self.scaling = alpha / rank

    def forward(self, x):
        return lora_linear(x, self.base.weight, self.base.bias, self.lora_a, self.lora_b, self.scaling)


def inject_lora(module, rank, alpha, targets):
    for name, child in list(module.named_children()):
        if isinstance(child, nn.Linear) and name in targets:
            setattr(module, name, LoRALinear(child, rank, alpha))
        else:
            inject_lora(child, rank, alpha, targets)
    return module


def lora_parameters(model):
    for name, p in model.named_parameters():
        if "lora_" in name:
            yield p
