import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence


class SpeakerEncoder(nn.Module):
    def __init__(self, n_mfcc, hidden, n_speakers, num_layers=1):
        super().__init__()
        self.input_norm = nn.LayerNorm(n_mfcc)
        self.rnn = nn.GRU(n_mfcc, hidden, num_layers=num_layers, batch_first=True)
        self.classifier = nn.Linear(hidden, n_speakers)

    def embed(self, padded, lengths):
        packed = pack_padded_sequence(self.input_norm(padded), lengths, batch_first=True)
        _, h_n = self.rnn(packed)
        return h_n[-1]

    def forward(self, padded, lengths):
        return self.classifier(self.embed(padded, lengths))
