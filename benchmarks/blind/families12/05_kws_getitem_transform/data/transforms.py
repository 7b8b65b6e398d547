import torch


class RandomGain:
    def __init__(self, low=0.8, high=1.2):
        self.low, self.high = low, high

    def __call__(self, wav):
        g = torch.empty(1).uniform_(self.low, self.high)
        return wav * g


class TimeShift:
    def __init__(self, max_shift=40):
        self.max_shift = max_shift

    def __call__(self, wav):
        s = int(torch.randint(-self.max_shift, self.max_shift + 1, (1,)))
        return torch.roll(wav, s, dims=-1)


class Compose:
    def __init__(self, ts):
        self.ts = ts

    def __call__(self, x):
        for t in self.ts:
            x = t(x)
        return x
