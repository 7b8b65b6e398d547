import torch
import torch.nn as nn
import torch.nn.functional as F


class ImageEncoder(nn.Module):
    def __init__(self, in_dim=48, width=64):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(in_dim, width), nn.GELU(), nn.Linear(width, width))

    def forward(self, x):
        return self.layers(x)


class TextEncoder(nn.Module):
    def __init__(self, vocab=64, width=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.mlp = nn.Sequential(nn.Linear(width, width), nn.GELU(), nn.Linear(width, width))

    def forward(self, tokens):
        return self.mlp(self.embed(tokens).mean(dim=1))


class DualEncoder(nn.Module):
    def __init__(self, img_dim=48, vocab=64, width=64, embed_dim=32):
        super().__init__()
        self.image_encoder = ImageEncoder(img_dim, width)
        self.text_encoder = TextEncoder(vocab, width)
        self.image_proj = nn.Linear(width, embed_dim, bias=False)
        self.text_proj = nn.Linear(width, embed_dim, bias=False)

    def forward(self, images, captions):
        img = F.normalize(self.image_proj(self.image_encoder(images)), dim=-1)
        txt = F.normalize(self.text_proj(self.text_encoder(captions)), dim=-1)
        return img, txt


def load_pretrained_image_tower(model, seed=2024):
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for p in model.image_encoder.parameters():
            p.copy_(torch.randn(p.shape, generator=g) / max(p.shape[-1], 1) ** 0.5)
    return model
