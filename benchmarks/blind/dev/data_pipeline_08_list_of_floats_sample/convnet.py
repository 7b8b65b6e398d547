import torch.nn as nn
import torch.nn.functional as F


class TemporalConvNet(nn.Module):
    def __init__(self, channels, n_classes, width=24):
        super().__init__()
        self.channels = channels
        self.conv1 = nn.Conv1d(channels, width, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(width, width, kernel_size=3, padding=1)
        self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        # flat readings [B, C*T] -> [B, C, T]
        batch_size = x.size(0)
        x = x.view(batch_size, self.channels, -1)
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        return self.fc(x.mean(-1))
