import numpy as np
import torch
from torch.utils.data import Dataset

from .feature import feature_cmvn, log_fbank


def synth_speaker(rng, n_utts, n_frames, n_fft_bins, n_phones, narrowband):
    """Spectra whose shape depends on the phone label, plus speaker colouring."""
    templates = rng.uniform(0.5, 3.0, size=(n_phones, n_fft_bins))
    tilt = np.linspace(1.0, rng.uniform(0.3, 1.5), n_fft_bins)
    utts = []
    for _ in range(n_utts):
        labels = np.repeat(rng.randint(0, n_phones, size=n_frames // 5 + 1), 5)[:n_frames]
        spec = templates[labels] * tilt * rng.gamma(4.0, 0.25, size=(n_frames, n_fft_bins))
        if narrowband:
            # 8 kHz telephone audio resampled to 16 kHz: nothing above 4 kHz
            spec[:, n_fft_bins // 2:] = 0.0
        utts.append((spec, labels))
    return utts


class SpeakerFrames(Dataset):
    """Frames with +-context, normalised per speaker, labelled with a phone id."""

    def __init__(self, n_speakers, utts_per_speaker, n_frames, n_mels, n_phones, context, seed):
        rng = np.random.RandomState(seed)
        n_fft_bins = n_mels * 4
        xs, ys = [], []
        for s in range(n_speakers):
            utts = synth_speaker(rng, utts_per_speaker, n_frames, n_fft_bins, n_phones,
                                 narrowband=(s % 3 == 2))
            feats = [log_fbank(spec, n_mels) for spec, _ in utts]
            allf = np.concatenate(feats, axis=0)
            mean, std = np.mean(allf, axis=0), np.std(allf, axis=0)
            for f, (_, lab) in zip(feats, utts):
                f = feature_cmvn(f, mean, std)
                padded = np.pad(f, ((context, context), (0, 0)), mode="edge")
                for t in range(0, n_frames, 2):
                    xs.append(padded[t:t + 2 * context + 1].reshape(-1))
                    ys.append(lab[t])
        self.x = torch.tensor(np.stack(xs), dtype=torch.float32)
        self.y = torch.tensor(np.array(ys), dtype=torch.long)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
