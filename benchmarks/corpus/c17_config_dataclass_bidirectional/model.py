from torch import nn
class Encoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.embed_dim)
        self.rnn = nn.LSTM(cfg.embed_dim, cfg.hidden_dim, batch_first=True, bidirectional=True)
        self.classify = nn.Linear(cfg.hidden_dim, cfg.num_classes)
    def forward(self, x):
        out, _ = self.rnn(self.embed(x))
        return self.classify(out[:, -1])
