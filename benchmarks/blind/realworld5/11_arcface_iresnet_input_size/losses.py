import math

import torch
import torch.nn.functional as F
from torch import nn


class ArcFace(nn.Module):
    def __init__(self, embedding_size, num_classes, s=64.0, margin=0.5):
        super(ArcFace, self).__init__()
        self.s = s
        self.margin = margin
        self.weight = nn.Parameter(torch.normal(0, 0.01, (num_classes, embedding_size)))
        self.cos_m = math.cos(margin)
        self.sin_m = math.sin(margin)
        self.theta = math.cos(math.pi - margin)
        self.sinmm = math.sin(math.pi - margin) * margin

    def forward(self, embeddings, labels):
        logits = F.linear(F.normalize(embeddings), F.normalize(self.weight)).clamp(-1, 1)
        target_logit = logits[torch.arange(logits.size(0)), labels]
        sin_theta = torch.sqrt(1.0 - torch.pow(target_logit, 2))
        cos_theta_m = target_logit * self.cos_m - sin_theta * self.sin_m
        final_target_logit = torch.where(target_logit > self.theta, cos_theta_m, target_logit - self.sinmm)
        logits = logits.scatter(1, labels.view(-1, 1), final_target_logit.view(-1, 1))
        return F.cross_entropy(logits * self.s, labels)
