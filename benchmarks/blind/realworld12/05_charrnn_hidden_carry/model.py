import torch
import torch.nn as nn


class CharRNN(nn.Module):
    def __init__(self, n_chars, embed_dim=16, hidden_size=64, n_layers=1):
        super(CharRNN, self).__init__()
        self.hidden_size = hidden_size
        self.n_layers = n_layers
        self.encoder = nn.Embedding(n_chars, embed_dim)
        self.rnn = nn.LSTM(embed_dim, hidden_size, n_layers)
        self.decoder = nn.Linear(hidden_size, n_chars)

    def forward(self, input, hidden):
        emb = self.encoder(input)
        output, hidden = self.rnn(emb, hidden)
        return self.decoder(output), hidden

    def init_hidden(self, batch_size):
        weight = next(self.parameters())
        return (weight.new_zeros(self.n_layers, batch_size, self.hidden_size),
                weight.new_zeros(self.n_layers, batch_size, self.hidden_size))
