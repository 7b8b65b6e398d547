import torch
import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, vocab_size, hidden_size, n_layers, dropout):
        super(Encoder, self).__init__()
        self.embedding = nn.Embedding(vocab_size, hidden_size, padding_idx=0)
        self.lstm = nn.LSTM(hidden_size, hidden_size // 2, n_layers, batch_first=True, bidirectional=True)
        self.dropout = nn.Dropout(dropout)

    def forward(self, sentence):
        out, (h, c) = self.lstm(self.dropout(self.embedding(sentence)))
        h = torch.cat([h[0::2], h[1::2]], dim=2)
        c = torch.cat([c[0::2], c[1::2]], dim=2)
        return out, (h, c)


class Decoder(nn.Module):
    def __init__(self, vocab_size, hidden_size, n_layers, dropout):
        super(Decoder, self).__init__()
        self.embedding = nn.Embedding(vocab_size, hidden_size, padding_idx=0)
        self.lstm = nn.LSTM(hidden_size, hidden_size, n_layers, batch_first=True)
        self.attn = nn.Linear(hidden_size, hidden_size, bias=False)
        self.concat = nn.Linear(2 * hidden_size, hidden_size)
        self.out = nn.Linear(hidden_size, vocab_size)
        self.dropout = nn.Dropout(dropout)

    def forward(self, question_in, enc_out, hidden):
        dec_out, hidden = self.lstm(self.dropout(self.embedding(question_in)), hidden)
        scores = torch.bmm(dec_out, self.attn(enc_out).transpose(1, 2))
        context = torch.bmm(F.softmax(scores, dim=-1), enc_out)
        out = torch.tanh(self.concat(torch.cat([dec_out, context], dim=-1)))
        return self.out(out), hidden


class Seq2Seq(nn.Module):
    def __init__(self, vocab_size, hidden_size, n_layers, dropout):
        super(Seq2Seq, self).__init__()
        self.encoder = Encoder(vocab_size, hidden_size, n_layers, dropout)
        self.decoder = Decoder(vocab_size, hidden_size, n_layers, dropout)

    def forward(self, sentence, question):
        enc_out, hidden = self.encoder(sentence)
        # teacher forcing: the decoder reads <sos> w1 ... w_{n-1} and predicts w1 ... w_n <eos>
        pred, _ = self.decoder(question[:, :-1], enc_out, hidden)
        return pred
