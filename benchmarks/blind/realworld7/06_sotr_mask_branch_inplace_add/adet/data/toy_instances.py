import torch


def make_batch(batch_size, size, num_classes, generator):
    images = torch.rand(batch_size, 3, size, size, generator=generator) * 0.2
    masks = torch.zeros(batch_size, size, size, dtype=torch.bool)
    classes = torch.randint(0, num_classes, (batch_size,), generator=generator)
    for j in range(batch_size):
        r = int(torch.randint(6, size // 4, (1,), generator=generator))
        cy, cx = torch.randint(r, size - r, (2,), generator=generator).tolist()
        yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        m = (yy - cy) ** 2 + (xx - cx) ** 2 < r * r
        masks[j] = m
        images[j, int(classes[j]) % 3][m] += 0.8
    return images, masks, classes
