import torch
import torch.nn as nn


class FeatureTokenizer(nn.Module):
    def __init__(self, n_num, cat_cardinalities, d):
        super().__init__()
        self.num_w = nn.Parameter(torch.randn(n_num, d) * 0.02)
        self.num_b = nn.Parameter(torch.zeros(n_num, d))
        self.cat_emb = nn.ModuleList([nn.Embedding(c, d) for c in cat_cardinalities])
        self.cls = nn.Parameter(torch.zeros(1, 1, d))

    def forward(self, x_num, x_cat):
        t_num = x_num.unsqueeze(-1) * self.num_w + self.num_b
        t_cat = torch.stack([emb(x_cat[:, i]) for i, emb in enumerate(self.cat_emb)], dim=1)
        cls = self.cls.expand(x_num.size(0), -1, -1)
        return torch.cat([cls, t_num, t_cat], dim=1)


class MHA(nn.Module):
    def __init__(self, d, h, p):
        super().__init__()
        self.h = h
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(d, d) for _ in range(4))
        self.drop = nn.Dropout(p)

    def forward(self, x):
        b, n, d = x.shape
        split = lambda t: t.view(b, n, self.h, d // self.h)
        q, k, v = split(self.wq(x)), split(self.wk(x)), split(self.wv(x))
        a = torch.einsum("bnhd,bmhd->bhnm", q, k) * (d // self.h) ** -0.5
        a = self.drop(a.softmax(-1))
        out = torch.einsum("bhnm,bmhd->bnhd", a, v).reshape(b, n, d)
        return self.wo(out)


class FTTransformer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg.d_token
        self.tok = FeatureTokenizer(cfg.n_num, cfg.cat_cardinalities, d)
        self.layers = nn.ModuleList()
        for _ in range(cfg.n_layers):
            self.layers.append(nn.ModuleDict({
                "ln1": nn.LayerNorm(d),
                "attn": MHA(d, cfg.n_heads, cfg.attn_dropout),
                "ln2": nn.LayerNorm(d),
                "ffn": nn.Sequential(nn.Linear(d, int(d * cfg.ffn_factor)), nn.ReLU(),
                                     nn.Linear(int(d * cfg.ffn_factor), d)),
            }))
        self.head = nn.Sequential(nn.LayerNorm(d), nn.ReLU(), nn.Linear(d, 1))

    def forward(self, x_num, x_cat):
        x = self.tok(x_num, x_cat)
        for layer in self.layers:
            x = x + layer["attn"](layer["ln1"](x))
            x = x + layer["ffn"](layer["ln2"](x))
        return self.head(x[:, 0]).squeeze(-1)
