import torch
import torch.nn as nn

from mae import utils


def sincos_pos_embed(n, dim):
    pos = torch.arange(n, dtype=torch.float32)[:, None]
    i = torch.arange(dim // 2, dtype=torch.float32)[None]
    ang = pos / (10000 ** (2 * i / dim))
    return torch.cat([ang.sin(), ang.cos()], dim=1)


class MAE(nn.Module):
    def __init__(self, img_size=32, patch=4, in_ch=3, enc_dim=96, dec_dim=64, enc_depth=2, dec_depth=1, heads=4):
        super().__init__()
        self.patch = patch
        self.seq_len = (img_size // patch) ** 2
        pdim = patch * patch * in_ch
        self.patch_embed = nn.Linear(pdim, enc_dim)
        self.register_buffer("enc_pos", sincos_pos_embed(self.seq_len, enc_dim), persistent=False)
        self.register_buffer("dec_pos", sincos_pos_embed(self.seq_len, dec_dim), persistent=False)
        layer = lambda d: nn.TransformerEncoderLayer(d, heads, 2 * d, dropout=0.0, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer(enc_dim), enc_depth)
        self.enc_norm = nn.LayerNorm(enc_dim)
        self.decoder_embed = nn.Linear(enc_dim, dec_dim)
        self.mask_token = nn.Parameter(torch.zeros(1, 1, dec_dim))
        nn.init.normal_(self.mask_token, std=0.02)
        self.decoder = nn.TransformerEncoder(layer(dec_dim), dec_depth)
        self.dec_norm = nn.LayerNorm(dec_dim)
        self.pred = nn.Linear(dec_dim, pdim)

    def forward_encoder(self, patches, idx_keep):
        x = self.patch_embed(patches) + self.enc_pos
        x = utils.get_at_index(x, idx_keep)
        return self.enc_norm(self.encoder(x))

    def forward_decoder(self, x_encoded, idx_keep):
        b = x_encoded.shape[0]
        x_decode = self.decoder_embed(x_encoded)
        x_masked = utils.repeat_token(self.mask_token, (b, self.seq_len))
        x_masked = utils.set_at_index(x_masked, idx_keep, x_decode)
        x = self.decoder(x_masked + self.dec_pos)
        return self.pred(self.dec_norm(x))

    def forward(self, imgs, mask_ratio=0.75):
        patches = utils.patchify(imgs, self.patch)
        idx_keep, idx_mask = utils.random_token_mask(imgs.shape[0], self.seq_len, mask_ratio, imgs.device)
        pred = self.forward_decoder(self.forward_encoder(patches, idx_keep), idx_keep)
        target = utils.get_at_index(patches, idx_mask)
        pred = utils.get_at_index(pred, idx_mask)
        return (pred.float() - target).pow(2).mean()
