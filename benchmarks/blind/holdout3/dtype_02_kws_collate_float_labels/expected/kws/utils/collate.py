import torch
import torch.nn.functional as F


def pad_collate(batch):
    """Right-pad variable-length waveforms to the longest clip in the batch."""
    waves, labels = zip(*batch)
    longest = max(w.shape[-1] for w in waves)
    padded = torch.stack([F.pad(w, (0, longest - w.shape[-1])) for w in waves])
    lengths = torch.tensor([w.shape[-1] for w in waves])
    return padded, lengths, torch.tensor(labels, dtype=torch.long)
