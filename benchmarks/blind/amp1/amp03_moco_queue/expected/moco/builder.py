import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def make_encoder(length, dim, hidden=128):
    return nn.Sequential(
        nn.Conv1d(1, 16, 5, padding=2), nn.BatchNorm1d(16), nn.ReLU(inplace=True),
        nn.Conv1d(16, 32, 5, stride=2, padding=2), nn.BatchNorm1d(32), nn.ReLU(inplace=True),
        nn.AdaptiveAvgPool1d(4), nn.Flatten(),
        nn.Linear(32 * 4, hidden), nn.ReLU(inplace=True), nn.Linear(hidden, dim),
    )


class MoCo(nn.Module):
    def __init__(self, encoder_fn, dim=32, K=512, m=0.99, T=0.2):
        super().__init__()
        self.K, self.m, self.T = K, m, T
        self.encoder_q = encoder_fn()
        self.encoder_k = copy.deepcopy(self.encoder_q)
        for p in self.encoder_k.parameters():
            p.requires_grad = False
        self.register_buffer("queue", F.normalize(torch.randn(K, dim), dim=1))
        self.register_buffer("queue_ptr", torch.zeros(1, dtype=torch.long))

    @torch.no_grad()
    def _momentum_update_key_encoder(self):
        for pq, pk in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            pk.mul_(self.m).add_(pq.detach(), alpha=1.0 - self.m)

    @torch.no_grad()
    def _dequeue_and_enqueue(self, keys):
        batch_size = keys.shape[0]
        ptr = int(self.queue_ptr)
        idx = (torch.arange(batch_size, device=keys.device) + ptr) % self.K
        self.queue.index_copy_(0, idx, keys.to(self.queue.dtype))
        self.queue_ptr[0] = (ptr + batch_size) % self.K

    def forward(self, im_q, im_k):
        q = F.normalize(self.encoder_q(im_q), dim=1)
        with torch.no_grad():
            self._momentum_update_key_encoder()
            k = F.normalize(self.encoder_k(im_k), dim=1)
        l_pos = torch.einsum("nc,nc->n", q, k).unsqueeze(-1)
        l_neg = torch.einsum("nc,kc->nk", q, self.queue.clone().detach())
        logits = torch.cat([l_pos, l_neg], dim=1) / self.T
        labels = torch.zeros(logits.shape[0], dtype=torch.long, device=logits.device)
        self._dequeue_and_enqueue(k)
        return logits, labels
