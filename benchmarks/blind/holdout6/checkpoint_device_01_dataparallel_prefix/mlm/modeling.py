import torch
import torch.nn as nn

PAD_ID, MASK_ID, CLS_ID = 0, 1, 2
N_SPECIAL = 3


class SeqEncoder(nn.Module):
    def __init__(self, vocab_size, seq_len, d_model, n_heads, n_layers, d_ff, dropout):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model, padding_idx=PAD_ID)
        self.pos = nn.Embedding(seq_len + 1, d_model)
        layer = nn.TransformerEncoderLayer(d_model, n_heads, d_ff, dropout, batch_first=True, norm_first=True)
        self.layers = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d_model)

    def forward(self, ids):
        pos = torch.arange(ids.size(1), device=ids.device)
        return self.norm(self.layers(self.tok(ids) + self.pos(pos), src_key_padding_mask=ids == PAD_ID))


class MaskedLM(nn.Module):
    def __init__(self, encoder, vocab_size):
        super().__init__()
        self.encoder = encoder
        d = encoder.norm.normalized_shape[0]
        self.lm_head = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.LayerNorm(d), nn.Linear(d, vocab_size))

    def forward(self, ids):
        return self.lm_head(self.encoder(ids))


class SequenceClassifier(nn.Module):
    def __init__(self, encoder, n_classes, dropout=0.1):
        super().__init__()
        self.encoder = encoder
        d = encoder.norm.normalized_shape[0]
        self.head = nn.Sequential(nn.Dropout(dropout), nn.Linear(d, n_classes))

    def forward(self, ids):
        return self.head(self.encoder(ids)[:, 0])


def build_encoder(cfg):
    m, d = cfg["model"], cfg["data"]
    return SeqEncoder(d["vocab_size"], d["seq_len"], m["d_model"], m["n_heads"], m["n_layers"], m["d_ff"],
                      m["dropout"])
