import torch
import torch.nn as nn


class ComplexMaskNet(nn.Module):
    """STFT -> log-magnitude -> GRU -> complex ratio mask (real/imag) -> iSTFT."""

    def __init__(self, n_fft=256, hop=64, hidden=96, layers=1):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)
        n_bins = n_fft // 2 + 1
        self.inp = nn.Linear(n_bins, hidden)
        self.rnn = nn.GRU(hidden, hidden, num_layers=layers, batch_first=True)
        self.mask_head = nn.Linear(hidden, 2 * n_bins)

    def stft(self, wav):
        return torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)

    def istft(self, spec, length):
        return torch.istft(spec, self.n_fft, self.hop, window=self.window, length=length)

    def forward(self, noisy):
        spec = self.stft(noisy)                            # [B, F, T] complex
        feat = torch.log1p(spec.abs()).transpose(1, 2)     # [B, T, F]
        h, _ = self.rnn(torch.relu(self.inp(feat)))
        m = self.mask_head(h)                              # [B, T, 2F]
        m_real, m_imag = m.chunk(2, dim=-1)
        mask = torch.complex(torch.tanh(m_real), torch.tanh(m_imag)).transpose(1, 2)
        return self.istft(spec * mask, length=noisy.shape[-1])
