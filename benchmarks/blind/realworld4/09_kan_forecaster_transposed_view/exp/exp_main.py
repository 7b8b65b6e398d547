import time
import numpy as np
import torch
import torch.nn as nn

from data_provider.data_loader import data_provider
from models import KANMixer


class Exp_Main(object):
    def __init__(self, args):
        self.args = args
        self.device = torch.device('cuda:0' if args.use_gpu and torch.cuda.is_available() else 'cpu')
        self.model = KANMixer.Model(args).float().to(self.device)

    def vali(self, loader, criterion):
        self.model.eval()
        losses = []
        with torch.no_grad():
            for batch_x, batch_y in loader:
                outputs = self.model(batch_x.float().to(self.device))
                losses.append(criterion(outputs, batch_y.float().to(self.device)).item())
        self.model.train()
        return np.average(losses)

    def train(self, setting):
        _, train_loader = data_provider(self.args, 'train')
        _, vali_loader = data_provider(self.args, 'val')
        optim = torch.optim.Adam(self.model.parameters(), lr=self.args.learning_rate)
        criterion = nn.MSELoss()
        for epoch in range(self.args.train_epochs):
            t0 = time.time()
            train_loss = []
            for i, (batch_x, batch_y) in enumerate(train_loader):
                optim.zero_grad()
                outputs = self.model(batch_x.float().to(self.device))
                loss = criterion(outputs, batch_y.float().to(self.device))
                train_loss.append(loss.item())
                loss.backward()
                optim.step()
            vali_loss = self.vali(vali_loader, criterion)
            print("Epoch: {0} cost time: {1:.1f}s | Train Loss: {2:.5f} Vali Loss: {3:.5f}".format(
                epoch + 1, time.time() - t0, np.average(train_loss), vali_loss))
        return self.model

    def test(self, setting):
        _, test_loader = data_provider(self.args, 'test')
        mse = self.vali(test_loader, nn.MSELoss())
        print('test mse:{:.5f}'.format(mse))
