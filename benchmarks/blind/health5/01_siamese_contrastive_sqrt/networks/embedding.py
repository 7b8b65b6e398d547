import torch.nn as nn


class EmbeddingNet(nn.Module):
    """1-D conv embedding net for the vibration snippets (1 x 64 samples)"""

    def __init__(self, emb_dim=2):
        super(EmbeddingNet, self).__init__()
        self.convnet = nn.Sequential(nn.Conv1d(1, 16, 5), nn.PReLU(),
                                     nn.MaxPool1d(2, stride=2),
                                     nn.Conv1d(16, 32, 5), nn.PReLU(),
                                     nn.MaxPool1d(2, stride=2))
        self.fc = nn.Sequential(nn.Linear(32 * 13, 64), nn.PReLU(),
                                nn.Linear(64, 64), nn.PReLU(),
                                nn.Linear(64, emb_dim))

    def forward(self, x):
        output = self.convnet(x)
        output = output.view(output.size()[0], -1)
        output = self.fc(output)
        return output

    def get_embedding(self, x):
        return self.forward(x)


class SiameseNet(nn.Module):
    def __init__(self, embedding_net):
        super(SiameseNet, self).__init__()
        self.embedding_net = embedding_net

    def forward(self, x1, x2):
        output1 = self.embedding_net(x1)
        output2 = self.embedding_net(x2)
        return output1, output2

    def get_embedding(self, x):
        return self.embedding_net(x)
