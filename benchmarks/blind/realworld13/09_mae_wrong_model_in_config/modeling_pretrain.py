import torch
import torch.nn as nn

from modeling_finetune import Block, PatchEmbed
from registry import register_model


class PretrainVisionTransformerEncoder(nn.Module):
    def __init__(self, img_size=32, patch_size=4, embed_dim=64, depth=2, num_heads=4):
        super().__init__()
        self.patch_embed = PatchEmbed(img_size, patch_size, 3, embed_dim)
        self.pos_embed = nn.Parameter(torch.zeros(1, self.patch_embed.num_patches, embed_dim))
        self.blocks = nn.ModuleList([Block(embed_dim, num_heads) for _ in range(depth)])
        self.norm = nn.LayerNorm(embed_dim)

    def forward(self, x, mask):
        x = self.patch_embed(x) + self.pos_embed
        B, _, C = x.shape
        x_vis = x[~mask].reshape(B, -1, C)
        for blk in self.blocks:
            x_vis = blk(x_vis)
        return self.norm(x_vis)


class PretrainVisionTransformer(nn.Module):
    def __init__(self, img_size=32, patch_size=4, encoder_embed_dim=64, decoder_embed_dim=32, **kwargs):
        super().__init__()
        self.encoder = PretrainVisionTransformerEncoder(img_size, patch_size, encoder_embed_dim)
        num_patches = self.encoder.patch_embed.num_patches
        self.encoder_to_decoder = nn.Linear(encoder_embed_dim, decoder_embed_dim, bias=False)
        self.mask_token = nn.Parameter(torch.zeros(1, 1, decoder_embed_dim))
        self.pos_embed = nn.Parameter(torch.randn(1, num_patches, decoder_embed_dim) * .02)
        self.decoder = nn.ModuleList([Block(decoder_embed_dim, 4)])
        self.head = nn.Linear(decoder_embed_dim, patch_size * patch_size * 3)

    def forward(self, x, mask):
        x_vis = self.encoder_to_decoder(self.encoder(x, mask))
        B, N, C = x_vis.shape
        pos = self.pos_embed.expand(B, -1, -1)
        pos_vis = pos[~mask].reshape(B, -1, C)
        pos_mask = pos[mask].reshape(B, -1, C)
        x_full = torch.cat([x_vis + pos_vis, self.mask_token + pos_mask], dim=1)
        for blk in self.decoder:
            x_full = blk(x_full)
        return self.head(x_full[:, -pos_mask.shape[1]:])


@register_model
def pretrain_mae_tiny_patch4_32(pretrained=False, **kwargs):
    return PretrainVisionTransformer(img_size=32, patch_size=4, **kwargs)
