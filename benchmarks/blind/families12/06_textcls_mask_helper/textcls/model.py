import torch
import torch.nn as nn


class TinyTransformerClassifier(nn.Module):
    def __init__(self, vocab_size, d_model=32, nhead=4, num_layers=1, max_len=20, num_labels=2):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d_model))
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=64, dropout=0.1, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers, enable_nested_tensor=False)
        self.classifier = nn.Linear(d_model, num_labels)

    def forward(self, input_ids, attention_mask):
        h = self.embed(input_ids) + self.pos[:, : input_ids.size(1)]
        h = self.encoder(h, src_key_padding_mask=~attention_mask)
        m = attention_mask.unsqueeze(-1).float()
        pooled = (h * m).sum(1) / m.sum(1).clamp(min=1.0)
        return self.classifier(pooled)
