import torch.nn as nn
import torch.nn.functional as F


class SynthModel(nn.Module):
    def __init__(self, num_classes=4):
        super().__init__()
        self.fc1 = nn.Linear(20, 64)
        self.fc2 = nn.Linear(64, num_classes)
        self.drop = nn.Dropout(0.2)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        return F.log_softmax(self.fc2(self.drop(x)), dim=1)
