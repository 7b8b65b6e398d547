import torch


def fake_log_mel(n, n_mels, frames, n_words, seed):
    """Synthetic log-mel 'utterances': each keyword is a formant track with its own slope."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, n_words, (n,), generator=g)
    t = torch.linspace(0, 1, frames)
    mel = torch.arange(n_mels).float().view(-1, 1)
    centre = (0.2 + 0.06 * y.float()).view(n, 1, 1) * n_mels + (y.float() - n_words / 2).view(n, 1, 1) * 2 * t
    x = torch.exp(-((mel - centre) ** 2) / 8.0) + 0.2 * torch.randn(n, n_mels, frames, generator=g)
    return x.unsqueeze(1), y
