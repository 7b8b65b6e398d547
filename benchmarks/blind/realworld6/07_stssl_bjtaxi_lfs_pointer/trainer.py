import time

import torch


class Trainer(object):
    def __init__(self, model, optimizer, dataloader, graph, args):
        super(Trainer, self).__init__()
        self.model = model
        self.optimizer = optimizer
        self.train_loader = dataloader['train']
        self.val_loader = dataloader['val']
        self.test_loader = dataloader['test']
        self.scaler = dataloader['scaler']
        self.graph = graph
        self.args = args

    def train_epoch(self, epoch, loss_weights):
        self.model.train()
        total_loss = 0
        for batch_idx, (data, target) in enumerate(self.train_loader):
            self.optimizer.zero_grad()
            repr1 = self.model(data, self.graph)
            loss, _ = self.model.loss(repr1, None, target, self.scaler, loss_weights)
            loss.backward()
            if self.args.grad_norm:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.args.max_grad_norm)
            self.optimizer.step()
            total_loss += loss.item()
        return total_loss / len(self.train_loader)

    def train(self):
        start_time = time.time()
        for epoch in range(1, self.args.epochs + 1):
            train_epoch_loss = self.train_epoch(epoch, None)
            print('Epoch {}: train loss {:.4f} ({:.1f}s)'.format(epoch, train_epoch_loss, time.time() - start_time))
