import torch
from torch.utils.data import Dataset


class GlyphBank:
    """Procedurally drawn 'handwritten' glyphs: each class is a random stroke template,
    each sample a jittered, noisy rendering of it."""

    def __init__(self, n_classes, per_class, image_size, grayscale=True, seed=0):
        g = torch.Generator().manual_seed(seed)
        s = image_size
        templates = (torch.rand(n_classes, 1, s // 4, s // 4, generator=g) > 0.6).float()
        templates = torch.nn.functional.interpolate(templates, size=(s, s), mode="bilinear", align_corners=False)
        imgs, labels = [], []
        for c in range(n_classes):
            base = templates[c].expand(per_class, -1, -1, -1)
            shift = torch.randint(-2, 3, (2,), generator=g).tolist()
            x = torch.roll(base, shifts=shift, dims=(2, 3))
            x = x + 0.15 * torch.randn(x.shape, generator=g)
            imgs.append(x.clamp(0, 1))
            labels.append(torch.full((per_class,), c))
        self.images = torch.cat(imgs)
        if not grayscale:
            self.images = self.images.repeat(1, 3, 1, 1)
        self.labels = torch.cat(labels)
        self.by_class = {c: (self.labels == c).nonzero().flatten() for c in range(n_classes)}

    def subset(self, classes):
        classes = set(classes)
        keep = torch.tensor([int(l) in classes for l in self.labels])
        out = object.__new__(GlyphBank)
        out.images = self.images[keep]
        out.labels = self.labels[keep]
        out.by_class = {c: (out.labels == c).nonzero().flatten() for c in sorted(classes)}
        return out


class PairDataset(Dataset):
    def __init__(self, bank, n_pairs, pos_fraction=0.5, seed=0):
        g = torch.Generator().manual_seed(seed)
        classes = list(bank.by_class)
        self.bank = bank
        self.pairs = []
        for _ in range(n_pairs):
            same = torch.rand(1, generator=g).item() < pos_fraction
            c1 = classes[torch.randint(len(classes), (1,), generator=g).item()]
            c2 = c1
            if not same:
                while c2 == c1:
                    c2 = classes[torch.randint(len(classes), (1,), generator=g).item()]
            i1 = bank.by_class[c1][torch.randint(len(bank.by_class[c1]), (1,), generator=g)].item()
            i2 = bank.by_class[c2][torch.randint(len(bank.by_class[c2]), (1,), generator=g)].item()
            self.pairs.append((i1, i2, float(same)))

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, idx):
        i1, i2, same = self.pairs[idx]
        return self.bank.images[i1], self.bank.images[i2], torch.tensor(same)
