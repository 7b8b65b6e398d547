import torch


class Compose:
    def __init__(self, ops):
        self.ops = list(ops)

    def __call__(self, x):
        for op in self.ops:
            x = op(x)
        return x


def build_train_transform(hflip=True, noise_std=0.05, brightness=0.2):
    ops = []
    if hflip:
        ops.append(lambda x: x.flip(-1) if torch.rand(()) < 0.5 else x)
    if brightness:
        ops.append(lambda x: x * (1 + brightness * (2 * torch.rand(()) - 1)))
    ops.append(lambda x: x + noise_std * torch.randn_like(x))
    return Compose(ops)


def build_eval_transform():
    return Compose([])
