import time

import torch
import torch.nn.functional as F


class Solver(object):
    def __init__(self, data, model, optimizer, args):
        self.tr_loader = data['tr_loader']
        self.cv_loader = data['cv_loader']
        self.model = model
        self.optimizer = optimizer
        self.epochs = args.epochs
        self.args = args

    def train(self):
        for epoch in range(self.epochs):
            self.model.train()
            start = time.time()
            train_loss = self._run_one_epoch(epoch)
            self.model.eval()
            with torch.no_grad():
                valid_loss = self._run_one_epoch(epoch, cross_valid=True)
            print(f'Epoch {epoch + 1} | Train Loss {train_loss:.5f} | Valid Loss {valid_loss:.5f} | '
                  f'Time {time.time() - start:.1f}s')

    def _run_one_epoch(self, epoch, cross_valid=False):
        total_loss = 0
        data_loader = self.tr_loader if not cross_valid else self.cv_loader
        for i, data in enumerate(data_loader):
            noisy, clean = data
            estimate = self.model(noisy)
            loss = F.l1_loss(clean, estimate)
            if not cross_valid:
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            total_loss += loss.item()
        return total_loss / (i + 1)
