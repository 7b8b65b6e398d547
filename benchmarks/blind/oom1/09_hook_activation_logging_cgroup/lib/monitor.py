from collections import defaultdict

import torch
import torch.nn as nn


class ActivationMonitor:
    """Collects ReLU outputs through forward hooks to report dead units per epoch."""

    def __init__(self, model):
        self.records = defaultdict(list)
        for name, module in model.named_modules():
            if isinstance(module, nn.ReLU):
                module.register_forward_hook(self._make_hook(f"relu{name}"))

    def _make_hook(self, name):
        def hook(module, inputs, output):
            self.records[name].append(output)
        return hook

    def dead_fractions(self):
        out = {}
        for name, acts in self.records.items():
            acts = torch.cat(acts)                       # (N, C, H, W)
            never_active = (acts <= 0).all(dim=0).all(dim=-1).all(dim=-1)
            out[name] = never_active.float().mean().item()
        return out

    def reset(self):
        self.records.clear()
