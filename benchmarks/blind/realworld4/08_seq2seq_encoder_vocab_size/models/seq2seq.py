import random

import torch
import torch.nn as nn


class EncoderRNN(nn.Module):
    def __init__(self, input_size, hidden_size, n_layers=1, dropout=0.1):
        super(EncoderRNN, self).__init__()
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(input_size, hidden_size, padding_idx=1)
        self.gru = nn.GRU(hidden_size, hidden_size, n_layers, dropout=dropout if n_layers > 1 else 0)

    def forward(self, word_inputs, hidden=None):
        embedded = self.embedding(word_inputs)
        output, hidden = self.gru(embedded, hidden)
        return output, hidden


class DecoderRNN(nn.Module):
    def __init__(self, hidden_size, output_size, n_layers=1, dropout=0.1):
        super(DecoderRNN, self).__init__()
        self.embedding = nn.Embedding(output_size, hidden_size, padding_idx=1)
        self.gru = nn.GRU(hidden_size, hidden_size, n_layers, dropout=dropout if n_layers > 1 else 0)
        self.out = nn.Linear(hidden_size, output_size)
        self.output_size = output_size

    def forward(self, word_input, last_hidden):
        embedded = self.embedding(word_input).unsqueeze(0)
        rnn_output, hidden = self.gru(embedded, last_hidden)
        return self.out(rnn_output.squeeze(0)), hidden


class Seq2Seq(nn.Module):
    def __init__(self, encoder, decoder):
        super(Seq2Seq, self).__init__()
        self.encoder = encoder
        self.decoder = decoder

    def forward(self, src, trg, teacher_forcing_ratio=0.5):
        max_len, batch_size = trg.size()
        outputs = torch.zeros(max_len, batch_size, self.decoder.output_size)
        _, hidden = self.encoder(src)
        output = trg[0]
        for t in range(1, max_len):
            logits, hidden = self.decoder(output, hidden)
            outputs[t] = logits
            teacher_force = random.random() < teacher_forcing_ratio
            output = trg[t] if teacher_force else logits.argmax(1)
        return outputs
