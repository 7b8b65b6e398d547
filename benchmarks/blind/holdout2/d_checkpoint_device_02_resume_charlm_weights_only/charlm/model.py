from torch import nn


class CharLSTM(nn.Module):
    def __init__(self, vocab, embed_dim, hidden, layers, dropout):
        super().__init__()
        self.embed = nn.Embedding(vocab, embed_dim)
        self.lstm = nn.LSTM(embed_dim, hidden, layers, batch_first=True)
        self.drop = nn.Dropout(dropout)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, x):
        h, _ = self.lstm(self.embed(x))
        return self.out(self.drop(h))
