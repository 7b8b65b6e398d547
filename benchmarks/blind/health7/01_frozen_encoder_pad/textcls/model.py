import torch
import torch.nn as nn


class PretrainedEncoder(nn.Module):
    def __init__(self, vocab_size, d_model, nhead, num_layers):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=0)
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=2 * d_model,
                                           dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers, enable_nested_tensor=False)

    def forward(self, ids):
        pad = ids.eq(0)
        h = self.encoder(self.embed(ids), src_key_padding_mask=pad)
        h = h.masked_fill(pad.unsqueeze(-1), 0.0)
        return h.sum(1) / (~pad).sum(1, keepdim=True).clamp(min=1)


class ReviewClassifier(nn.Module):
    def __init__(self, vocab_size, d_model, nhead, num_layers, num_classes, freeze_encoder=True):
        super().__init__()
        self.backbone = PretrainedEncoder(vocab_size, d_model, nhead, num_layers)
        self.freeze_encoder = freeze_encoder
        self.head = nn.Sequential(nn.Linear(d_model, d_model), nn.GELU(), nn.Linear(d_model, num_classes))

    def forward(self, ids):
        if self.freeze_encoder:
            with torch.no_grad():
                feats = self.backbone(ids)
        else:
            feats = self.backbone(ids)
        return self.head(feats)
