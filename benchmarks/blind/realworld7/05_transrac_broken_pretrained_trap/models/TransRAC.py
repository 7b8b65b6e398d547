import torch
import torch.nn as nn
import torch.nn.functional as F

from models.swin_stub import SwinTransformer3D


class TransferModel(nn.Module):
    def __init__(self, config, checkpoint, num_frames, scales, OPEN=False):
        super(TransferModel, self).__init__()
        self.num_frames = num_frames
        self.config = config
        self.checkpoint = checkpoint
        self.scales = scales
        self.OPEN = OPEN
        self.backbone = self.load_model()
        dim = self.backbone.num_features
        self.sims = nn.ModuleList([nn.Conv1d(dim, 32, s, padding=s // 2) for s in scales])
        self.fc = nn.Sequential(nn.Linear(32 * len(scales), 64), nn.ReLU(), nn.Linear(64, 1))

    def load_model(self):
        model = SwinTransformer3D(pretrained=self.checkpoint)
        model.init_weights()
        return model

    def forward(self, x):
        # x: B, C, T, H, W
        with torch.set_grad_enabled(self.OPEN):
            feat = self.backbone(x)                      # B, D, T', H', W'
        feat = feat.mean(dim=(3, 4))                     # B, D, T'
        feat = F.interpolate(feat, size=self.num_frames, mode='linear', align_corners=False)
        multi = torch.cat([F.relu(s(feat))[..., :self.num_frames] for s in self.sims], dim=1)
        density = self.fc(multi.transpose(1, 2)).squeeze(-1)  # B, T
        count = density.sum(dim=1)
        return count, density
