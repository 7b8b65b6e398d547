import torch
import torch.nn as nn


class SeqEncoder(nn.Module):
    def __init__(self, vocab_size, max_len, d_model, nhead, layers):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.pos = nn.Embedding(max_len, d_model)
        layer = nn.TransformerEncoderLayer(d_model, nhead, 2 * d_model, dropout=0.1, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)

    def forward(self, ids):
        pos = torch.arange(ids.size(1), device=ids.device).unsqueeze(0)
        return self.enc(self.tok(ids) + self.pos(pos), src_key_padding_mask=ids.eq(0))


class MultiTaskModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = SeqEncoder(cfg["vocab_size"], cfg["max_len"], cfg["d_model"], cfg["nhead"], cfg["layers"])
        self.cls_head = nn.Linear(cfg["d_model"], cfg["num_classes"])
        self.mlm_head = nn.Linear(cfg["d_model"], cfg["vocab_size"])

    def forward(self, ids, with_aux=False):
        h = self.encoder(ids)
        logits = self.cls_head(h[:, 0])
        if with_aux:
            return logits, self.mlm_head(h)
        return logits
