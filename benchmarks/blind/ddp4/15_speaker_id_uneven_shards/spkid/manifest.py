import torch


def build_manifest(num_utts, num_speakers=10, dim=40, frames=50, seed=0):
    """Fake utterance manifest: (features [frames, dim], speaker id)."""
    g = torch.Generator().manual_seed(seed)
    voices = torch.randn(num_speakers, dim, generator=g)
    spk = torch.randint(0, num_speakers, (num_utts,), generator=g)
    feats = voices[spk].unsqueeze(1) + 0.8 * torch.randn(num_utts, frames, dim, generator=g)
    return [(feats[i], int(spk[i])) for i in range(num_utts)]
