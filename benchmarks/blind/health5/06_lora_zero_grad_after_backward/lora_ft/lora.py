import math
import torch
import torch.nn as nn


class LoraInjectedLinear(nn.Module):
    def __init__(self, linear: nn.Linear, r=4, scale=1.0):
        super().__init__()
        self.linear = linear
        self.lora_down = nn.Linear(linear.in_features, r, bias=False)
        self.lora_up = nn.Linear(r, linear.out_features, bias=False)
        self.scale = scale
        nn.init.kaiming_uniform_(self.lora_down.weight, a=math.sqrt(5))
        nn.init.zeros_(self.lora_up.weight)

    def forward(self, x):
        return self.linear(x) + self.lora_up(self.lora_down(x)) * self.scale


def inject_trainable_lora(model: nn.Module, target_names=("q_proj", "v_proj", "fc1"), r=4):
    """Freeze the model and wrap the target nn.Linear children with LoRA; return the LoRA params."""
    for p in model.parameters():
        p.requires_grad_(False)
    require_grad_params, names = [], []
    for parent_name, parent in list(model.named_modules()):
        for child_name, child in list(parent.named_children()):
            if child_name in target_names and isinstance(child, nn.Linear):
                wrapped = LoraInjectedLinear(child, r=r)
                setattr(parent, child_name, wrapped)
                require_grad_params += [wrapped.lora_up.weight, wrapped.lora_down.weight]
                names.append(f"{parent_name}.{child_name}")
    return require_grad_params, names
