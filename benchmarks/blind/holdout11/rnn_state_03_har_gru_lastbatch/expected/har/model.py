import torch
import torch.nn as nn


class GRUClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.hidden_size = cfg.hidden_size
        self.num_layers = cfg.num_layers
        self.batch_size = cfg.batch_size
        self.input_norm = nn.LayerNorm(cfg.channels)
        self.gru = nn.GRU(cfg.channels, cfg.hidden_size, cfg.num_layers,
                          batch_first=True, dropout=cfg.dropout)
        self.classifier = nn.Sequential(nn.Dropout(cfg.dropout),
                                        nn.Linear(cfg.hidden_size, len(cfg.activities)))

    def init_hidden(self, batch_size):
        return torch.zeros(self.num_layers, batch_size, self.hidden_size)

    def forward(self, x):
        # x: (batch, window, channels)
        h0 = self.init_hidden(x.size(0)).to(x.device)
        out, h_n = self.gru(self.input_norm(x), h0)
        return self.classifier(h_n[-1])
