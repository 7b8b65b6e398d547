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


def build_train_transforms(cfg):
    return Compose([
        lambda x: time_shift(x, cfg["max_shift"]),
        lambda x: freq_mask(x, cfg["freq_mask"]),
        lambda x: time_mask(x, cfg["time_mask"]),
        lambda x: random_gain(x, cfg["gain_db"]),
    ])
