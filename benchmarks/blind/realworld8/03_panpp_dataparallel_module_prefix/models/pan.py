import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn_relu(in_c, out_c, stride=1):
    return nn.Sequential(
        nn.Conv2d(in_c, out_c, 3, stride, 1, bias=False),
        nn.BatchNorm2d(out_c),
        nn.ReLU(inplace=True))


class Backbone(nn.Module):
    def __init__(self, channels):
        super(Backbone, self).__init__()
        self.stem = conv_bn_relu(3, channels[0], 2)
        layers = []
        in_c = channels[0]
        for i, c in enumerate(channels):
            layers.append(conv_bn_relu(in_c, c, 1 if i == 0 else 2))
            in_c = c
        self.layer1, self.layer2, self.layer3, self.layer4 = layers

    def forward(self, x):
        x = self.stem(x)
        f1 = self.layer1(x)
        f2 = self.layer2(f1)
        f3 = self.layer3(f2)
        f4 = self.layer4(f3)
        return f1, f2, f3, f4


class FPEM(nn.Module):
    def __init__(self, in_channels, out_channels):
        super(FPEM, self).__init__()
        self.reduce = nn.ModuleList([nn.Conv2d(c, out_channels, 1) for c in in_channels])
        self.smooth = conv_bn_relu(out_channels, out_channels)

    def _upsample_add(self, x, y):
        return F.interpolate(x, size=y.shape[2:], mode='bilinear', align_corners=False) + y

    def forward(self, feats):
        f1, f2, f3, f4 = [r(f) for r, f in zip(self.reduce, feats)]
        f3 = self._upsample_add(f4, f3)
        f2 = self._upsample_add(f3, f2)
        f1 = self.smooth(self._upsample_add(f2, f1))
        return f1, f2, f3, f4


class PAN_Head(nn.Module):
    def __init__(self, in_channels, hidden_dim, num_classes):
        super(PAN_Head, self).__init__()
        self.conv1 = conv_bn_relu(in_channels, hidden_dim)
        self.conv2 = nn.Conv2d(hidden_dim, num_classes, 1)

    def forward(self, f):
        return self.conv2(self.conv1(f))


class PAN(nn.Module):
    def __init__(self, backbone, neck, detection_head):
        super(PAN, self).__init__()
        self.backbone = Backbone(**backbone)
        self.fpem = FPEM(**neck)
        self.det_head = PAN_Head(**detection_head)

    def _upsample(self, x, size, scale=1):
        return F.interpolate(x, size=(size[2] // scale, size[3] // scale), mode='bilinear', align_corners=False)

    def forward(self, imgs, gt_texts=None, gt_kernels=None, training_masks=None):
        feats = self.backbone(imgs)
        f1, f2, f3, f4 = self.fpem(feats)
        f2 = self._upsample(f2, f1.size())
        f3 = self._upsample(f3, f1.size())
        f4 = self._upsample(f4, f1.size())
        f = torch.cat((f1, f2, f3, f4), 1)
        out = self.det_head(f)
        out = self._upsample(out, imgs.size())
        if self.training:
            loss_text = F.binary_cross_entropy_with_logits(out[:, 0], gt_texts)
            loss_kernel = F.binary_cross_entropy_with_logits(out[:, 1], gt_kernels)
            loss_emb = out[:, 2:].pow(2).mean() * 0.25
            return dict(loss_text=loss_text, loss_kernels=loss_kernel, loss_emb=loss_emb)
        return dict(det_out=torch.sigmoid(out[:, :2]))


def build_model(cfg):
    param = dict()
    for key in cfg:
        if key == 'type':
            continue
        param[key] = cfg[key]
    assert cfg['type'] == 'PAN'
    return PAN(**param)
