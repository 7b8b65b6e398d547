import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchEncoder(nn.Module):
    def __init__(self, patch, dim):
        super().__init__()
        self.patch = patch
        self.proj = nn.Linear(3 * patch * patch, dim)
        self.pos = nn.Parameter(torch.zeros(1, 64, dim))
        self.mlp = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        patches = F.unfold(x, self.patch, stride=self.patch).transpose(1, 2)
        h = self.proj(patches)
        h = h + self.pos[:, : h.size(1)]
        return h + self.mlp(h)


class Projector(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return self.net(x)


class TinyVLM(nn.Module):
    def __init__(self, vocab_size, image_token_id, dim=64, heads=4, layers=2, patch=4, image_size=16):
        super().__init__()
        self.image_token_id = image_token_id
        self.vision = PatchEncoder(patch, dim)
        self.projector = Projector(dim)
        self.embed_tokens = nn.Embedding(vocab_size, dim)
        self.pos = nn.Embedding(64, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, 4 * dim, dropout=0.0, batch_first=True, norm_first=True)
        self.decoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab_size, bias=False)

    def merge_image_features(self, input_ids, inputs_embeds, image_features):
        mask = (input_ids == self.image_token_id).unsqueeze(-1).expand_as(inputs_embeds)
        return inputs_embeds.masked_scatter(mask, image_features.reshape(-1, image_features.size(-1)))

    def forward(self, pixel_values, input_ids):
        image_features = self.projector(self.vision(pixel_values))
        positions = torch.arange(input_ids.size(1), device=input_ids.device)
        inputs_embeds = self.embed_tokens(input_ids) + self.pos(positions)
        inputs_embeds = self.merge_image_features(input_ids, inputs_embeds, image_features)
        causal = nn.Transformer.generate_square_subsequent_mask(input_ids.size(1), device=input_ids.device)
        h = self.decoder(inputs_embeds, mask=causal, is_causal=True)
        return self.lm_head(self.norm(h))
