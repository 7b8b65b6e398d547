import torch


def time_shift(x, max_shift):
    s = int(torch.randint(-max_shift, max_shift + 1, (1,)))
    return torch.roll(x, s, dims=-1)


def freq_mask(x, width):
    w = int(torch.randint(0, width + 1, (1,)))
    f0 = int(torch.randint(0, x.shape[-2] - w + 1, (1,)))
    x = x.clone()
    x[..., f0:f0 + w, :] = x.mean()
    return x


def time_mask(x, width):
    w = int(torch.randint(0, width + 1, (1,)))
    t0 = int(torch.randint(0, x.shape[-1] - w + 1, (1,)))
    x = x.clone()
    x[..., t0:t0 + w] = x.mean()
    return x


def random_gain(x, max_db):
    db = (torch.rand(1).item() * 2 - 1) * max_db
    return x + db / 10.0


class Compose:
    def __init__(self, fns):
        self.fns = fns

    def __call__(self, x):
        for fn in self.fns:
            x = fn(x)
        return x


class TimeShift:
    def __init__(self, max_shift):
        self.max_shift = max_shift

    def __call__(self, x):
        return time_shift(x, self.max_shift)


class FreqMask:
    def __init__(self, width):
        self.width = width

    def __call__(self, x):
        return freq_mask(x, self.width)


class TimeMask:
    def __init__(self, width):
        self.width = width

    def __call__(self, x):
        return time_mask(x, self.width)


class RandomGain:
    def __init__(self, max_db):
        self.max_db = max_db

    def __call__(self, x):
        return random_gain(x, self.max_db)


def build_train_transforms(cfg):
    return Compose([
        TimeShift(cfg["max_shift"]),
        FreqMask(cfg["freq_mask"]),
        TimeMask(cfg["time_mask"]),
        RandomGain(cfg["gain_db"]),
    ])
