import torch
import torch.nn as nn
import torch.nn.functional as F


class Mish(nn.Module):
    def forward(self, x):
        return x * torch.tanh(F.softplus(x))


activate_name = {
    "relu": nn.ReLU,
    "leaky": nn.LeakyReLU,
    "Mish": Mish,
}
