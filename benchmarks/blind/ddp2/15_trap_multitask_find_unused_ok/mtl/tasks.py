import torch


def topic_batch(g, bs, d):
    y = torch.randint(0, 3, (bs,), generator=g)
    x = torch.randn(bs, d, generator=g) + torch.nn.functional.one_hot(y, d).float() * 2
    return x, y


def rating_batch(g, bs, d):
    x = torch.randn(bs, d, generator=g)
    y = x[:, :4].sum(1) * 0.5
    return x, y
