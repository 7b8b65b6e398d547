import torch
import torch.nn as nn
import torch.nn.functional as F


class ResEncoder(nn.Module):
    def __init__(self, in_channels, out_channels):
        super(ResEncoder, self).__init__()
        self.conv1 = nn.Conv3d(in_channels, out_channels, kernel_size=3, padding=1)
        self.bn1 = nn.BatchNorm3d(out_channels)
        self.conv2 = nn.Conv3d(out_channels, out_channels, kernel_size=3, padding=1)
        self.bn2 = nn.BatchNorm3d(out_channels)
        self.relu = nn.ReLU(inplace=False)
        self.conv1x1 = nn.Conv3d(in_channels, out_channels, kernel_size=1)

    def forward(self, x):
        residual = self.conv1x1(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = out + residual
        out = self.relu(out)
        return out


class Decoder(nn.Module):
    def __init__(self, in_channels, out_channels):
        super(Decoder, self).__init__()
        self.conv = nn.Sequential(
            nn.Conv3d(in_channels, out_channels, kernel_size=3, padding=1),
            nn.BatchNorm3d(out_channels),
            nn.ReLU(inplace=True),
            nn.Conv3d(out_channels, out_channels, kernel_size=3, padding=1),
            nn.BatchNorm3d(out_channels),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.conv(x)


class Deconv3d(nn.Module):
    def __init__(self, in_channels, out_channels):
        super(Deconv3d, self).__init__()
        self.deconv = nn.ConvTranspose3d(in_channels, out_channels, kernel_size=2, stride=2)

    def forward(self, x):
        return self.deconv(x)


class ER_Net(nn.Module):
    def __init__(self, classes=2, channels=1, base=4):
        super(ER_Net, self).__init__()
        self.encoder1 = ResEncoder(channels, base)
        self.encoder2 = ResEncoder(base, base * 2)
        self.encoder3 = ResEncoder(base * 2, base * 4)
        self.downsample = nn.MaxPool3d(kernel_size=2, stride=2)
        self.deconv2 = Deconv3d(base * 4, base * 2)
        self.deconv1 = Deconv3d(base * 2, base)
        self.decoder2 = Decoder(base * 4, base * 2)
        self.decoder1 = Decoder(base * 2, base)
        self.final = nn.Conv3d(base, classes, kernel_size=1)

    def forward(self, x):
        enc1 = self.encoder1(x)
        enc2 = self.encoder2(self.downsample(enc1))
        enc3 = self.encoder3(self.downsample(enc2))
        dec2 = self.decoder2(torch.cat((enc2, self.deconv2(enc3)), dim=1))
        dec1 = self.decoder1(torch.cat((enc1, self.deconv1(dec2)), dim=1))
        return F.softmax(self.final(dec1), dim=1)
