import torch.nn as nn


class ConvLSTMEncoderCTC(nn.Module):
    def __init__(self, feat_dim, vocab, hidden=96, layers=2):
        super().__init__()
        self.subsample = nn.Sequential(nn.Conv1d(feat_dim, hidden, 3, stride=2, padding=1), nn.GELU())
        self.rnn = nn.LSTM(hidden, hidden, num_layers=layers, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, vocab)

    def out_lengths(self, feat_lens):
        return (feat_lens + 1) // 2

    def forward(self, feats, feat_lens):
        x = self.subsample(feats.transpose(1, 2)).transpose(1, 2)   # [B, T/2, H]
        x, _ = self.rnn(x)
        return self.out(x), self.out_lengths(feat_lens)              # logits [B, T', V]
