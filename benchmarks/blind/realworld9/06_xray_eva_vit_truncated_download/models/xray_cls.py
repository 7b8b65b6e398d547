import logging

import torch
import torch.nn as nn

from models.eva_vit import create_eva_vit_g


class XrayViTClassifier(nn.Module):
    """EVA ViT-g visual encoder (frozen) + a linear multi-label head for the 14 chest x-ray findings"""

    def __init__(self, cfg):
        super().__init__()
        self.visual_encoder = create_eva_vit_g(
            img_size=cfg["image_size"], patch_size=cfg["patch_size"], embed_dim=cfg["embed_dim"],
            depth=cfg["depth"], num_heads=cfg["num_heads"], cached_file=cfg["vit_path"])
        self.ln_vision = nn.LayerNorm(self.visual_encoder.num_features)
        if cfg["freeze_vit"]:
            for name, param in self.visual_encoder.named_parameters():
                param.requires_grad = False
            self.visual_encoder = self.visual_encoder.eval()
            logging.info("freeze vision encoder")
        self.head = nn.Linear(self.visual_encoder.num_features, cfg["num_classes"])

    def forward(self, image):
        image_embeds = self.ln_vision(self.visual_encoder(image))
        return self.head(image_embeds[:, 0])
