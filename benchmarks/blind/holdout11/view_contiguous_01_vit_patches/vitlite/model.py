import torch
import torch.nn as nn

from .layers import Block, PatchEmbed


class VisionTransformer(nn.Module):
    def __init__(self, image_size, channels, num_classes, patch_size, embed_dim,
                 depth, num_heads, mlp_ratio=4.0, dropout=0.0):
        super().__init__()
        self.patch_embed = PatchEmbed(image_size, patch_size, channels, embed_dim)
        n = self.patch_embed.num_patches
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, embed_dim))
        self.pos_drop = nn.Dropout(dropout)
        self.blocks = nn.ModuleList(
            [Block(embed_dim, num_heads, mlp_ratio, dropout) for _ in range(depth)]
        )
        self.norm = nn.LayerNorm(embed_dim)
        self.head = nn.Linear(embed_dim, num_classes)
        nn.init.trunc_normal_(self.pos_embed, std=0.02)
        nn.init.trunc_normal_(self.cls_token, std=0.02)

    @classmethod
    def from_config(cls, cfg):
        d, m = cfg["data"], cfg["model"]
        return cls(
            image_size=d["image_size"], channels=d["channels"], num_classes=d["num_classes"],
            patch_size=m["patch_size"], embed_dim=m["embed_dim"], depth=m["depth"],
            num_heads=m["num_heads"], mlp_ratio=m["mlp_ratio"], dropout=m["dropout"],
        )

    def forward(self, x):
        x = self.patch_embed(x)
        cls = self.cls_token.expand(x.size(0), -1, -1)
        x = torch.cat([cls, x], dim=1) + self.pos_embed
        x = self.pos_drop(x)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x[:, 0]))
