import torch.nn as nn


class DnCNN(nn.Module):
    def __init__(self, depth=6, ch=32):
        super().__init__()
        layers = [nn.Conv2d(1, ch, 3, padding=1), nn.ReLU(inplace=True)]
        for _ in range(depth - 2):
            layers += [nn.Conv2d(ch, ch, 3, padding=1, bias=False), nn.BatchNorm2d(ch), nn.ReLU(inplace=True)]
        layers.append(nn.Conv2d(ch, 1, 3, padding=1))
        self.body = nn.Sequential(*layers)

    def forward(self, noisy):
        return noisy - self.body(noisy)  # predict the noise, subtract it
