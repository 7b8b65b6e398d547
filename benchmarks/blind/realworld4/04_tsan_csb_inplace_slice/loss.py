import torch.nn as nn


class Loss(nn.Module):
    """L1 on both outputs of TSAN (coarse and refined), as in the paper"""

    def __init__(self, args):
        super(Loss, self).__init__()
        self.l1 = nn.L1Loss()

    def forward(self, sr, hr):
        out1, out2 = sr
        return self.l1(out1, hr) + self.l1(out2, hr)
