import torch
import torch.nn as nn
import torch.nn.functional as F


def get_activation_fn(activation):
    if activation == "relu":
        return nn.ReLU()
    if activation == "gelu":
        return nn.GELU()
    raise RuntimeError(f"activation should be relu/gelu, not {activation}.")


class MCLM(nn.Module):
    """Multi-view complementary localization: global token attends to local patches."""

    def __init__(self, d_model, num_heads, dim_feedforward=128, dropout=0.1, activation="relu"):
        super().__init__()
        self.attention = nn.MultiheadAttention(d_model, num_heads, dropout=dropout)
        self.linear1 = nn.Linear(d_model, dim_feedforward)
        self.linear2 = nn.Linear(dim_feedforward, d_model)
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)
        self.dropout1 = nn.Dropout(dropout)
        self.dropout2 = nn.Dropout(dropout)
        self.activation = get_activation_fn(activation)

    def forward(self, g, l):
        # g, l: (HW, B, C)
        g2 = self.attention(g, l, l)[0]
        g = self.norm1(g + self.dropout1(g2))
        g2 = self.linear2(self.dropout(self.activation(self.linear1(g))))
        g = self.norm2(g + self.dropout2(g2))
        return g


class MVANet(nn.Module):
    def __init__(self, emb_dim=32, num_heads=4):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, emb_dim, 3, stride=2, padding=1), nn.BatchNorm2d(emb_dim), nn.ReLU(),
            nn.Conv2d(emb_dim, emb_dim, 3, stride=2, padding=1), nn.BatchNorm2d(emb_dim), nn.ReLU())
        self.mclm = MCLM(emb_dim, num_heads)
        self.head = nn.Sequential(nn.Conv2d(emb_dim, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 1, 1))
        for m in self.modules():
            if isinstance(m, nn.ReLU) or isinstance(m, nn.Dropout):
                m.inplace = True

    def forward(self, x):
        b, _, h, w = x.shape
        feat = self.stem(x)
        hf, wf = feat.shape[-2:]
        glb = F.interpolate(feat, scale_factor=0.5, mode='bilinear', align_corners=False)
        g = glb.flatten(2).permute(2, 0, 1)
        l = feat.flatten(2).permute(2, 0, 1)
        g = self.mclm(g, l)
        glb = g.permute(1, 2, 0).reshape(b, -1, hf // 2, wf // 2)
        feat = feat + F.interpolate(glb, size=(hf, wf), mode='bilinear', align_corners=False)
        out = self.head(feat)
        return F.interpolate(out, size=(h, w), mode='bilinear', align_corners=False)
