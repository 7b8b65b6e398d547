import torch
from torch.utils.data import DataLoader, TensorDataset


def paired_data(n, n_concepts=16, img_dim=48, vocab=64, cap_len=8, seed=0):
    """Synthetic image/caption pairs that share a latent concept."""
    g = torch.Generator().manual_seed(seed)
    protos = torch.randn(n_concepts, img_dim, generator=torch.Generator().manual_seed(1234))
    concept = torch.randint(0, n_concepts, (n,), generator=g)
    images = protos[concept] + 0.5 * torch.randn(n, img_dim, generator=g)
    word_table = torch.randint(1, vocab, (n_concepts, 3), generator=torch.Generator().manual_seed(4321))
    captions = torch.randint(1, vocab, (n, cap_len), generator=g)
    for i in range(n):
        pos = torch.randperm(cap_len, generator=g)[:3]
        captions[i, pos] = word_table[concept[i]]
    return images, captions


def make_loader(n, batch_size, seed, shuffle=True):
    images, captions = paired_data(n, seed=seed)
    return DataLoader(TensorDataset(images, captions), batch_size=batch_size, shuffle=shuffle, drop_last=shuffle)
