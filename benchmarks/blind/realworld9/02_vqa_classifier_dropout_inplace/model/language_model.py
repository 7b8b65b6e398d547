import torch
import torch.nn as nn
import numpy as np


class WordEmbedding(nn.Module):
    """Word Embedding

    The ntoken-th dim is used for padding_idx, which agrees *implicitly*
    with the definition in Dictionary.
    """
    def __init__(self, embeddings, dropout=0.0):
        super(WordEmbedding, self).__init__()
        ntoken, emb_dim = embeddings.shape
        self.emb = nn.Embedding(ntoken + 1, emb_dim, padding_idx=ntoken)
        self.emb.weight.data[:ntoken] = torch.from_numpy(embeddings)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        emb = self.emb(x)
        emb = self.dropout(emb)
        return emb


class QuestionEmbedding(nn.Module):
    def __init__(self, w_dim, hid_dim, nlayers, bidirect, dropout, rnn_type='GRU'):
        """Module for question embedding
        """
        super(QuestionEmbedding, self).__init__()
        assert rnn_type == 'LSTM' or rnn_type == 'GRU'
        rnn_cls = nn.LSTM if rnn_type == 'LSTM' else nn.GRU

        self.rnn = rnn_cls(
            w_dim, hid_dim, nlayers,
            bidirectional=bidirect,
            dropout=dropout,
            batch_first=True)

        self.w_dim = w_dim
        self.hid_dim = hid_dim
        self.nlayers = nlayers
        self.rnn_type = rnn_type
        self.ndirections = 1 + int(bidirect)

    def forward(self, x):
        # x: [batch, sequence, in_dim]
        output, hidden = self.rnn(x)
        if self.ndirections == 1:
            return output[:, -1]

        forward_ = output[:, -1, :self.hid_dim]
        backward = output[:, 0, self.hid_dim:]
        return torch.cat((forward_, backward), dim=1)
