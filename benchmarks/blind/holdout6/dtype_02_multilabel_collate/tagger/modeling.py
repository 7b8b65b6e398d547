import math

import torch
import torch.nn as nn


class TinyEncoderConfig:
    def __init__(self, vocab_size=500, d_model=64, n_heads=4, n_layers=2, d_ff=128, max_len=64,
                 dropout=0.1, n_tags=12):
        self.__dict__.update(locals())
        del self.__dict__["self"]


class TinyEncoderForTagging(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.tok = nn.Embedding(config.vocab_size, config.d_model, padding_idx=0)
        self.pos = nn.Embedding(config.max_len, config.d_model)
        layer = nn.TransformerEncoderLayer(config.d_model, config.n_heads, config.d_ff, config.dropout,
                                           batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, config.n_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(config.d_model)
        self.classifier = nn.Linear(config.d_model, config.n_tags)

    def forward(self, input_ids, attention_mask):
        pos = torch.arange(input_ids.size(1), device=input_ids.device)
        h = self.tok(input_ids) * math.sqrt(self.config.d_model) + self.pos(pos)
        h = self.encoder(h, src_key_padding_mask=~attention_mask)
        return self.classifier(self.norm(h[:, 0]))
