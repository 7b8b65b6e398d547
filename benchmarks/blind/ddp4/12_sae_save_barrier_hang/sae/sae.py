import torch
import torch.nn as nn


class SparseCoder(nn.Module):
    def __init__(self, d_in, num_latents, k):
        super().__init__()
        self.k = k
        self.encoder = nn.Linear(d_in, num_latents)
        self.W_dec = nn.Parameter(self.encoder.weight.data.clone())
        self.b_dec = nn.Parameter(torch.zeros(d_in))

    def forward(self, x):
        pre = torch.relu(self.encoder(x - self.b_dec))
        top = pre.topk(self.k, dim=-1)
        acts = torch.zeros_like(pre).scatter(-1, top.indices, top.values)
        recon = acts @ self.W_dec + self.b_dec
        fvu = (recon - x).pow(2).sum() / (x - x.mean(0)).pow(2).sum()
        return recon, fvu
