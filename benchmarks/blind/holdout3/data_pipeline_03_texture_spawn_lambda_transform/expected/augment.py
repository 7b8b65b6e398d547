import torch


class Compose:
    def __init__(self, ops):
        self.ops = list(ops)

    def __call__(self, x):
        for op in self.ops:
            x = op(x)
        return x


class RandomHFlip:
    def __call__(self, x):
        return x.flip(-1) if torch.rand(()) < 0.5 else x


class RandomBrightness:
    def __init__(self, brightness):
        self.brightness = brightness

    def __call__(self, x):
        return x * (1 + self.brightness * (2 * torch.rand(()) - 1))


class GaussianNoise:
    def __init__(self, std):
        self.std = std

    def __call__(self, x):
        return x + self.std * torch.randn_like(x)


def build_train_transform(hflip=True, noise_std=0.05, brightness=0.2):
    ops = []
    if hflip:
        ops.append(RandomHFlip())
    if brightness:
        ops.append(RandomBrightness(brightness))
    ops.append(GaussianNoise(noise_std))
    return Compose(ops)


def build_eval_transform():
    return Compose([])
