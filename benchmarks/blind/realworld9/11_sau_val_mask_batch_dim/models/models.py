import torch
import torch.nn as nn
import torch.nn.functional as F


class SegmentationModuleBase(nn.Module):
    def __init__(self):
        super(SegmentationModuleBase, self).__init__()

    def pixel_acc(self, pred, label):
        _, preds = torch.max(pred, dim=1)
        valid = (label >= 1).long()
        acc_sum = torch.sum(valid * (preds == label).long())
        pixel_sum = torch.sum(valid)
        acc = acc_sum.float() / (pixel_sum.float() + 1e-10)
        return acc


class SegmentationModule(SegmentationModuleBase):
    def __init__(self, crit, unet=None):
        super(SegmentationModule, self).__init__()
        self.crit = crit
        self.unet = unet

    def forward(self, feed_dict, epoch, *, segSize=None):
        #training
        if segSize is None:
            p = self.unet(feed_dict['image'])
            loss = self.crit((p[0], p[1]), (feed_dict['mask'][0].long(), feed_dict['mask'][1]), epoch=epoch)
            acc = self.pixel_acc(nn.functional.softmax(p[0], dim=1), feed_dict['mask'][0].long())
            return loss, acc

        #test
        if segSize == True:
            p = self.unet(feed_dict['image'])[0]
            pred = nn.functional.softmax(p, dim=1)
            return pred

        #inference
        else:
            p = self.unet(feed_dict['image'])
            loss = self.crit((p[0], p[1]), (feed_dict['mask'][0].long(), feed_dict['mask'][1].unsqueeze(0)))
            pred = nn.functional.softmax(p[0], dim=1)
            return pred, p[1], p[2], loss


def conv3x3_bn_relu(in_planes, out_planes, stride=1):
    return nn.Sequential(
            nn.Conv2d(in_planes, out_planes, kernel_size=3, stride=stride, padding=1),
            nn.BatchNorm2d(out_planes),
            nn.ReLU(inplace=True)
            )


class GatedSpatialConv(nn.Module):
    """shape stream gate: features are re-weighted by an attention map computed from (features, gradient)"""

    def __init__(self, channels):
        super(GatedSpatialConv, self).__init__()
        self.gate = nn.Sequential(nn.Conv2d(channels + 1, channels + 1, 1), nn.ReLU(inplace=True),
                                  nn.Conv2d(channels + 1, 1, 1), nn.Sigmoid())
        self.conv = nn.Conv2d(channels, channels, 1, bias=False)

    def forward(self, x, grad):
        alpha = self.gate(torch.cat([x, grad], dim=1))
        return self.conv(x * (alpha + 1)), alpha


class SAUNet(nn.Module):
    def __init__(self, num_classes=4, num_filters=16):
        super(SAUNet, self).__init__()
        f = num_filters
        self.enc1 = conv3x3_bn_relu(1, f)
        self.enc2 = conv3x3_bn_relu(f, f * 2, stride=2)
        self.enc3 = conv3x3_bn_relu(f * 2, f * 4, stride=2)
        self.center = conv3x3_bn_relu(f * 4, f * 4)
        self.dec3 = conv3x3_bn_relu(f * 8, f * 2)
        self.dec2 = conv3x3_bn_relu(f * 4, f)
        self.dec1 = conv3x3_bn_relu(f * 2, f)
        self.final = nn.Conv2d(f, num_classes, kernel_size=1)
        # shape stream
        self.dsn = nn.Conv2d(f * 4, f, 1)
        self.gate = GatedSpatialConv(f)
        self.edge_out = nn.Conv2d(f, 1, kernel_size=1)

    def forward(self, x):
        x_size = x.size()
        im_grad = (x[:, :, 1:, :] - x[:, :, :-1, :]).abs()
        im_grad = F.pad(im_grad, (0, 0, 0, 1))
        e1 = self.enc1(x)
        e2 = self.enc2(e1)
        e3 = self.enc3(e2)
        c = self.center(e3)
        d3 = self.dec3(torch.cat([F.interpolate(c, scale_factor=2, mode='bilinear', align_corners=False),
                                  F.interpolate(e3, scale_factor=2, mode='bilinear', align_corners=False)], 1))
        d2 = self.dec2(torch.cat([F.interpolate(d3, scale_factor=2, mode='bilinear', align_corners=False),
                                  F.interpolate(e2, scale_factor=2, mode='bilinear', align_corners=False)], 1))
        d1 = self.dec1(torch.cat([d2, e1], 1))
        ss = F.interpolate(self.dsn(e3), x_size[2:], mode='bilinear', align_corners=False)
        ss, att = self.gate(ss, im_grad)
        edge = self.edge_out(ss)
        seg = self.final(d1 + ss)
        return seg, edge, att


class ModelBuilder():
    def build_unet(self, num_class=4, arch='saunet', weights=''):
        arch = arch.lower()
        if arch == 'saunet':
            unet = SAUNet(num_classes=num_class)
        else:
            raise Exception('Architecture undefined!')
        if len(weights) > 0:
            unet.load_state_dict(torch.load(weights, map_location=lambda storage, loc: storage), strict=False)
            print("Loaded pretrained UNet weights.")
        return unet
