import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class MoCo(nn.Module):
    """Momentum contrast: a query encoder, a momentum key encoder and a large queue of negative keys."""

    def __init__(self, encoder, dim=128, queue_size=131072, momentum=0.99, temperature=0.07):
        super().__init__()
        self.encoder_q = encoder
        self.encoder_k = copy.deepcopy(encoder)
        for p in self.encoder_k.parameters():
            p.requires_grad_(False)
        self.m = momentum
        self.t = temperature
        self.register_buffer("queue", F.normalize(torch.randn(queue_size, dim), dim=1))
        self.register_buffer("queue_ptr", torch.zeros((), dtype=torch.long))

    @torch.no_grad()
    def _momentum_update(self):
        for pq, pk in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            pk.mul_(self.m).add_(pq.detach(), alpha=1 - self.m)

    @torch.no_grad()
    def _enqueue(self, keys):
        n, ptr = keys.size(0), int(self.queue_ptr)
        self.queue[ptr:ptr + n] = keys
        self.queue_ptr.fill_((ptr + n) % self.queue.size(0))

    def forward(self, view_q, view_k):
        q = F.normalize(self.encoder_q(view_q), dim=1)
        with torch.no_grad():
            self._momentum_update()
            k = F.normalize(self.encoder_k(view_k), dim=1)
        l_pos = (q * k).sum(1, keepdim=True)
        l_neg = q @ self.queue.clone().detach().T
        logits = torch.cat([l_pos, l_neg], dim=1) / self.t
        labels = torch.zeros(q.size(0), dtype=torch.long)
        loss = F.cross_entropy(logits, labels)
        self._enqueue(k)
        return loss
