import torch
import torch.nn as nn
import torch.nn.functional as F

from .losses import CrossEntropyLoss


def conv_bn_relu(in_c, out_c, stride=1):
    return nn.Sequential(
        nn.Conv2d(in_c, out_c, 3, stride, 1, bias=False),
        nn.BatchNorm2d(out_c), nn.ReLU(inplace=True))


class SmallUNet(nn.Module):

    def __init__(self, in_channels=3, base_channels=16, num_stages=3):
        super().__init__()
        self.encoders = nn.ModuleList()
        c_in = in_channels
        for i in range(num_stages):
            c_out = base_channels * 2**i
            self.encoders.append(
                conv_bn_relu(c_in, c_out, stride=1 if i == 0 else 2))
            c_in = c_out
        self.out_channels = c_in

    def forward(self, x):
        for enc in self.encoders:
            x = enc(x)
        return x


class FCNHead(nn.Module):

    def __init__(self, in_channels, channels, num_classes, out_channels=None,
                 threshold=None, dropout_ratio=0.1, loss_decode=None):
        super().__init__()
        if out_channels is None:
            out_channels = num_classes
        if out_channels == 1 and threshold is None:
            threshold = 0.3
        self.num_classes = num_classes
        self.out_channels = out_channels
        self.threshold = threshold
        self.convs = conv_bn_relu(in_channels, channels)
        self.dropout = nn.Dropout2d(dropout_ratio)
        self.conv_seg = nn.Conv2d(channels, out_channels, kernel_size=1)
        loss_decode = dict(loss_decode)
        loss_decode.pop('type')
        self.loss_decode = CrossEntropyLoss(**loss_decode)

    def forward(self, x):
        return self.conv_seg(self.dropout(self.convs(x)))

    def losses(self, seg_logit, seg_label):
        loss = dict()
        seg_logit = F.interpolate(
            seg_logit, size=seg_label.shape[2:], mode='bilinear',
            align_corners=False)
        seg_label = seg_label.squeeze(1)
        loss[self.loss_decode.loss_name] = self.loss_decode(
            seg_logit, seg_label)
        return loss


class EncoderDecoder(nn.Module):

    def __init__(self, backbone, decode_head):
        super().__init__()
        self.backbone = SmallUNet(**backbone)
        decode_head = dict(decode_head)
        assert decode_head.pop('type') == 'FCNHead'
        self.decode_head = FCNHead(**decode_head)

    def forward_train(self, img, gt_semantic_seg):
        x = self.backbone(img)
        seg_logits = self.decode_head(x)
        return self.decode_head.losses(seg_logits, gt_semantic_seg)
