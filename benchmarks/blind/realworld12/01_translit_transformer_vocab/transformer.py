import math

import torch
import torch.nn as nn


class SentenceEmbedding(nn.Module):
    def __init__(self, max_sequence_length, d_model, vocab_size, drop_prob=0.1):
        super().__init__()
        self.vocab_size = vocab_size
        self.max_sequence_length = max_sequence_length
        self.embedding = nn.Embedding(vocab_size, d_model)
        self.register_buffer("position_encoding", self._positions(max_sequence_length, d_model))
        self.dropout = nn.Dropout(p=drop_prob)

    @staticmethod
    def _positions(max_len, d_model):
        even_i = torch.arange(0, d_model, 2).float()
        denominator = torch.pow(10000, even_i / d_model)
        position = torch.arange(max_len).reshape(max_len, 1)
        even_PE = torch.sin(position / denominator)
        odd_PE = torch.cos(position / denominator)
        stacked = torch.stack([even_PE, odd_PE], dim=2)
        return torch.flatten(stacked, start_dim=1, end_dim=2)

    def forward(self, x):
        x = self.embedding(x)
        return self.dropout(x + self.position_encoding)


class Transformer(nn.Module):
    def __init__(self, d_model, ffn_hidden, num_heads, drop_prob, num_layers,
                 max_sequence_length, en_vocab_size, kn_vocab_size):
        super().__init__()
        self.encoder_embedding = SentenceEmbedding(max_sequence_length, d_model, en_vocab_size, drop_prob)
        self.decoder_embedding = SentenceEmbedding(max_sequence_length, d_model, kn_vocab_size, drop_prob)
        self.transformer = nn.Transformer(d_model=d_model, nhead=num_heads,
                                          num_encoder_layers=num_layers,
                                          num_decoder_layers=num_layers,
                                          dim_feedforward=ffn_hidden,
                                          dropout=drop_prob, batch_first=True)
        self.linear = nn.Linear(d_model, kn_vocab_size)

    def forward(self, x, y, src_key_padding_mask=None, tgt_key_padding_mask=None):
        x = self.encoder_embedding(x)
        y = self.decoder_embedding(y)
        tgt_mask = nn.Transformer.generate_square_subsequent_mask(y.size(1))
        out = self.transformer(x, y, tgt_mask=tgt_mask,
                               src_key_padding_mask=src_key_padding_mask,
                               tgt_key_padding_mask=tgt_key_padding_mask)
        return self.linear(out)
