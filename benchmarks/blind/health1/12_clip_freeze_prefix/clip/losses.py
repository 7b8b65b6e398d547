import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ClipLoss(nn.Module):
    def __init__(self, init_temperature=0.07):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1.0 / init_temperature)))

    def forward(self, img, txt):
        scale = self.logit_scale.exp().clamp(max=100.0)
        logits = scale * img @ txt.t()
        targets = torch.arange(len(img), device=img.device)
        return 0.5 * (F.cross_entropy(logits, targets) + F.cross_entropy(logits.t(), targets))
