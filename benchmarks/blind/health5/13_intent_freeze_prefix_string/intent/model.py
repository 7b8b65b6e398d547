import torch
import torch.nn as nn


class IntentClassifier(nn.Module):
    def __init__(self, vocab_size, seq_len, n_intents, d_model, n_heads, n_layers):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.pos = nn.Parameter(torch.zeros(1, seq_len, d_model))
        layer = nn.TransformerEncoderLayer(d_model, n_heads, dim_feedforward=2 * d_model,
                                           dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.head = nn.Linear(d_model, n_intents)

    def forward(self, ids):
        h = self.encoder(self.embed(ids) + self.pos)
        return self.head(h[:, 0])
