import torch
import torch.nn as nn
import torch.nn.functional as F


class VGGBNPretrain(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, dim, 3, 1, 1), nn.BatchNorm2d(dim), nn.ReLU(True),
            nn.MaxPool2d(2),
            nn.Conv2d(dim, dim * 2, 3, 1, 1), nn.BatchNorm2d(dim * 2), nn.ReLU(True),
            nn.MaxPool2d(2),
        )

    def forward(self, x):
        return self.features(x)


class Detector(nn.Module):
    default_cfg = {
        "vgg_dim": 32,
        "det_dim": 16,
    }

    def __init__(self, cfg):
        super().__init__()
        self.cfg = {**self.default_cfg, **cfg}
        self.backbone = VGGBNPretrain(self.cfg['vgg_dim'])
        c = self.cfg['vgg_dim'] * 2
        self.score_head = nn.Sequential(nn.Conv2d(c, self.cfg['det_dim'], 3, 1, 1), nn.ReLU(True),
                                        nn.Conv2d(self.cfg['det_dim'], 1, 1))
        self.offset_head = nn.Sequential(nn.Conv2d(c, self.cfg['det_dim'], 3, 1, 1), nn.ReLU(True),
                                         nn.Conv2d(self.cfg['det_dim'], 2, 1))
        self.scale_head = nn.Sequential(nn.Conv2d(c, self.cfg['det_dim'], 3, 1, 1), nn.ReLU(True),
                                        nn.Conv2d(self.cfg['det_dim'], 1, 1))

    def forward(self, data):
        feats = self.backbone(data['que_imgs'])
        return {
            'scores': self.score_head(feats),
            'offsets': self.offset_head(feats),
            'scales': self.scale_head(feats),
        }


def detection_losses(outputs, data):
    b, _, h, w = outputs['scores'].shape
    logits = outputs['scores'].flatten(1)
    loss_cls = F.cross_entropy(logits, data['center_idx'])
    loss_off = F.smooth_l1_loss(outputs['offsets'].mean((2, 3)), data['offset'])
    loss_scale = F.smooth_l1_loss(outputs['scales'].mean((2, 3)).squeeze(1), data['scale'])
    return {'loss_cls': loss_cls, 'loss_off': loss_off, 'loss_scale': loss_scale}


name2network = {
    'detector': Detector,
}
