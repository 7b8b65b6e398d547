import torch
import torch.nn as nn


class SwinTransformer3D(nn.Module):
    """Small stand-in for the Video Swin backbone (patch embed + a few 3D conv stages)."""

    def __init__(self, pretrained=None, patch_size=(2, 4, 4), in_chans=3, embed_dim=24, depths=(1, 1)):
        super().__init__()
        self.pretrained = pretrained
        self.patch_embed = nn.Conv3d(in_chans, embed_dim, kernel_size=patch_size, stride=patch_size)
        layers = []
        dim = embed_dim
        for _ in depths:
            layers += [nn.Conv3d(dim, dim * 2, 3, padding=1), nn.GELU()]
            dim *= 2
        self.layers = nn.Sequential(*layers)
        self.num_features = dim

    def init_weights(self, pretrained=None):
        if pretrained:
            self.pretrained = pretrained
        if isinstance(self.pretrained, str):
            checkpoint = torch.load(self.pretrained, map_location='cpu')
            state_dict = checkpoint['state_dict'] if 'state_dict' in checkpoint else checkpoint
            state_dict = {k.replace('backbone.', ''): v for k, v in state_dict.items()}
            msg = self.load_state_dict(state_dict, strict=False)
            print(f"load model from: {self.pretrained} ({msg})")
        elif self.pretrained is None:
            for m in self.modules():
                if isinstance(m, nn.Conv3d):
                    nn.init.trunc_normal_(m.weight, std=.02)

    def forward(self, x):
        return self.layers(self.patch_embed(x))
