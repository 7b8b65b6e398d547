import torch
import torch.nn as nn
import torch.nn.functional as F


class VideoEncoder(nn.Module):
    def __init__(self, feat_dim=768, hidden_dim=256, num_layers=2, nhead=4, dropout=0.1):
        super().__init__()
        self.proj = nn.Linear(feat_dim, hidden_dim)
        layer = nn.TransformerEncoderLayer(hidden_dim, nhead, dim_feedforward=hidden_dim * 2,
                                           dropout=dropout, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=num_layers)

    def forward(self, x, mask=None):
        x = self.proj(x)
        return self.encoder(x, src_key_padding_mask=mask)


class CSLR2(nn.Module):
    def __init__(self, feat_dim=768, hidden_dim=256, text_dim=384, vocab_size=2000, num_layers=2):
        super().__init__()
        self.video_encoder = VideoEncoder(feat_dim, hidden_dim, num_layers)
        self.cls_head = nn.Linear(hidden_dim, vocab_size)
        self.sent_proj = nn.Linear(hidden_dim, text_dim)
        self.temperature = nn.Parameter(torch.tensor(0.07))

    def forward(self, feats, text_emb):
        tokens = self.video_encoder(feats)
        cls_logits = self.cls_head(tokens)
        video_emb = F.normalize(self.sent_proj(tokens.mean(1)), dim=-1)
        text_emb = F.normalize(text_emb, dim=-1)
        sim = video_emb @ text_emb.t() / self.temperature
        return cls_logits, sim
