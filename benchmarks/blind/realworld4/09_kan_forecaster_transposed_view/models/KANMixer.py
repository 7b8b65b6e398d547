import torch
import torch.nn as nn

from models.kan import KANLinear


class RevIN(nn.Module):
    def __init__(self, num_features, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.affine_weight = nn.Parameter(torch.ones(num_features))
        self.affine_bias = nn.Parameter(torch.zeros(num_features))

    def forward(self, x, mode):
        if mode == 'norm':
            self.mean = x.mean(1, keepdim=True).detach()
            self.stdev = torch.sqrt(x.var(1, keepdim=True, unbiased=False) + self.eps).detach()
            return (x - self.mean) / self.stdev * self.affine_weight + self.affine_bias
        x = (x - self.affine_bias) / (self.affine_weight + self.eps * self.eps)
        return x * self.stdev + self.mean


class Model(nn.Module):
    """channel-independent forecaster: a KAN maps each variate's look-back window to the horizon"""

    def __init__(self, configs):
        super(Model, self).__init__()
        self.seq_len = configs.seq_len
        self.pred_len = configs.pred_len
        self.revin = RevIN(configs.enc_in)
        self.temporal = KANLinear(configs.seq_len, configs.d_model, grid_size=configs.grid_size)
        self.head = KANLinear(configs.d_model, configs.pred_len, grid_size=configs.grid_size)

    def forward(self, x_enc):
        # x_enc: [Batch, Input length, Channel]
        x = self.revin(x_enc, 'norm')
        x = x.permute(0, 2, 1)                   # [B, C, L]
        x = self.head(self.temporal(x))          # [B, C, pred_len]
        x = x.permute(0, 2, 1)                   # [B, pred_len, C]
        return self.revin(x, 'denorm')
