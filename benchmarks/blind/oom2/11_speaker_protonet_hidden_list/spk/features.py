import torch


def synth_mfcc(n_speakers, per_speaker, frames, n_mfcc, seed):
    """Each 'speaker' is a mean MFCC vector + a characteristic temporal wobble."""
    g = torch.Generator().manual_seed(seed)
    means = torch.randn(n_speakers, 1, n_mfcc, generator=g)
    rate = 0.05 + 0.2 * torch.rand(n_speakers, 1, 1, generator=g)
    t = torch.arange(frames).float().view(1, -1, 1)
    spk = torch.arange(n_speakers).repeat_interleave(per_speaker)
    x = means[spk] + 0.5 * torch.sin(rate[spk] * t) + 0.4 * torch.randn(len(spk), frames, n_mfcc, generator=g)
    return x, spk
