import torch
import torch.nn as nn


class TinyLVSM(nn.Module):
    """Decoder-only 'large view synthesis model' in miniature: patchify input views (RGB + pose
    channels) and target-pose queries, run a transformer over all tokens, read out target patches."""

    def __init__(self, img=16, views=2, dim=64, depth=2, patch=4):
        super().__init__()
        self.p, self.img, self.views = patch, img, views
        self.n = (img // patch) ** 2
        self.in_tok = nn.Linear(7 * patch * patch, dim)
        self.q_tok = nn.Linear(4 * patch * patch, dim)
        layer = nn.TransformerEncoderLayer(dim, 4, 4 * dim, dropout=0.0, batch_first=True, norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, depth)
        self.out = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 3 * patch * patch))

    def patchify(self, x):
        B, C, H, W = x.shape
        p = self.p
        return x.reshape(B, C, H // p, p, W // p, p).permute(0, 2, 4, 1, 3, 5).reshape(B, -1, C * p * p)

    def forward(self, views, target_pose):
        B = views.shape[0]
        toks = [self.in_tok(self.patchify(views[:, v])) for v in range(self.views)]
        q = self.q_tok(self.patchify(target_pose))
        h = self.blocks(torch.cat(toks + [q], 1))[:, -self.n:]
        p, g = self.p, self.img // self.p
        out = self.out(h).reshape(B, g, g, 3, p, p).permute(0, 3, 1, 4, 2, 5).reshape(B, 3, self.img, self.img)
        return torch.sigmoid(out)
