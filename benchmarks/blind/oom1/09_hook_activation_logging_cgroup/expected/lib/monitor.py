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
            # keep only a per-channel "was ever active in this batch" flag, not the activation map
            with torch.no_grad():
                self.records[name].append((output > 0).flatten(2).any(dim=-1).any(dim=0))
        return hook

    def dead_fractions(self):
        out = {}
        for name, acts in self.records.items():
            ever_active = torch.stack(acts).any(dim=0)     # (C,)
            never_active = ~ever_active
            out[name] = never_active.float().mean().item()
        return out

    def reset(self):
        self.records.clear()
