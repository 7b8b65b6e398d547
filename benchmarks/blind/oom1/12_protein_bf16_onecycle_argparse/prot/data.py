import torch

AMINO = 20


def synthetic_proteins(n, length, seed):
    """Per-residue secondary-structure-like tags (3 classes) driven by local residue windows."""
    g = torch.Generator().manual_seed(seed)
    seqs = torch.randint(0, AMINO, (n, length), generator=g)
    window = torch.nn.functional.avg_pool1d((seqs.float() / AMINO).unsqueeze(1), 7, 1, 3).squeeze(1)
    tags = torch.bucketize(window, torch.tensor([0.45, 0.55]))
    return seqs, tags
