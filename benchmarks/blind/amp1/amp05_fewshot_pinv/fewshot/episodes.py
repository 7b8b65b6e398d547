import torch


class EpisodeSampler:
    """Each class is a fixed random low-frequency template; samples are noisy, shifted copies."""

    def __init__(self, num_classes=40, image_size=16, seed=0):
        g = torch.Generator().manual_seed(seed)
        coarse = torch.randn(num_classes, 1, 4, 4, generator=g)
        self.templates = torch.nn.functional.interpolate(coarse, size=image_size, mode="bilinear", align_corners=False)
        self.num_classes = num_classes
        self.g = torch.Generator().manual_seed(seed + 1)
        self.train_classes = list(range(0, num_classes * 3 // 4))
        self.val_classes = list(range(num_classes * 3 // 4, num_classes))

    def _draw(self, cls, n):
        x = self.templates[cls].expand(n, -1, -1, -1)
        shift = int(torch.randint(-1, 2, (1,), generator=self.g))
        x = torch.roll(x, shifts=shift, dims=-1)
        return x + 0.3 * torch.randn(x.shape, generator=self.g)

    def sample(self, way, shot, query, split="train"):
        pool = self.train_classes if split == "train" else self.val_classes
        idx = torch.randperm(len(pool), generator=self.g)[:way]
        classes = [pool[i] for i in idx]
        xs, ys, xq, yq = [], [], [], []
        for label, cls in enumerate(classes):
            batch = self._draw(cls, shot + query)
            xs.append(batch[:shot]); xq.append(batch[shot:])
            ys += [label] * shot; yq += [label] * query
        return torch.cat(xs), torch.tensor(ys), torch.cat(xq), torch.tensor(yq)
