import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)

# MNIST 대신 합성 데이터 (1x28x28, [-1, 1])
mnist = TensorDataset(torch.rand(128, 1, 28, 28) * 2 - 1, torch.zeros(128))
dataloader = DataLoader(dataset=mnist, batch_size=32, shuffle=True)


class Generator(nn.Module):

    def __init__(self):
        super(Generator, self).__init__()
        self.main = nn.Sequential(
            nn.Linear(in_features=100, out_features=256),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(in_features=256, out_features=512),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(in_features=512, out_features=28*28),
            nn.Tanh())

    def forward(self, inputs):
        return self.main(inputs).view(-1, 1, 28, 28)


class Discriminator(nn.Module):

    def __init__(self):
        super(Discriminator, self).__init__()
        self.main = nn.Sequential(
            nn.Linear(in_features=28*28, out_features=512),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Dropout(inplace=True),
            nn.Linear(in_features=512, out_features=256),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Dropout(inplace=True),
            nn.Linear(in_features=256, out_features=1),
            nn.Sigmoid())

    def forward(self, inputs):
        inputs = inputs.view(-1, 28*28)
        return self.main(inputs)


G = Generator()
D = Discriminator()

criterion = nn.BCELoss()

G_optimizer = optim.Adam(G.parameters(), lr=0.0002, betas=(0.5, 0.999))
D_optimizer = optim.Adam(D.parameters(), lr=0.0002, betas=(0.5, 0.999))

for epoch in range(2):
    for real_data, _ in dataloader:
        batch_size = real_data.size(0)

        target_real = torch.ones(batch_size, 1)
        target_fake = torch.zeros(batch_size, 1)

        D_result_from_real = D(real_data)
        D_loss_real = criterion(D_result_from_real, target_real)

        z = torch.randn((batch_size, 100))
        fake_data = G(z)

        D_result_from_fake = D(fake_data)
        D_loss_fake = criterion(D_result_from_fake, target_fake)

        D_loss = D_loss_real + D_loss_fake

        D.zero_grad()
        D_loss.backward()
        D_optimizer.step()

        z = torch.randn((batch_size, 100))
        fake_data = G(z)
        D_result_from_fake = D(fake_data)
        G_loss = criterion(D_result_from_fake, target_real)

        G.zero_grad()
        G_loss.backward()
        G_optimizer.step()

    print("epoch %d D_loss %.4f G_loss %.4f" % (epoch, D_loss.item(), G_loss.item()))
