import argparse
import copy
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from serverbase import Server


class Net(nn.Module):
    def __init__(self, dataset='Mnist', model='cnn'):
        super(Net, self).__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2))
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(6 * 12 * 12, 10))

    def forward(self, x):
        results = {}
        z = self.fc(self.conv(x))
        results['output'] = nn.functional.log_softmax(z, dim=1)
        return results


class UserAVG:
    def __init__(self, args, id, model, train_data, test_data):
        self.id = id
        self.model = copy.deepcopy(model)
        self.train_samples = len(train_data)
        self.test_samples = len(test_data)
        self.batch_size = args.batch_size
        self.local_epochs = args.local_epochs
        self.trainloader = DataLoader(train_data, self.batch_size, shuffle=True, drop_last=False)
        self.testloaderfull = DataLoader(test_data, self.test_samples)
        self.loss = nn.NLLLoss()
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=args.learning_rate)

    def set_parameters(self, model, beta=1):
        for old_param, new_param in zip(self.model.parameters(), model.parameters()):
            old_param.data = new_param.data.clone()

    def train(self, glob_iter):
        self.model.train()
        for epoch in range(self.local_epochs):
            for X, y in self.trainloader:
                self.optimizer.zero_grad()
                output = self.model(X)['output']
                loss = self.loss(output, y)
                loss.backward()
                self.optimizer.step()

    def test(self):
        self.model.eval()
        test_acc = 0
        loss = 0
        for x, y in self.testloaderfull:
            output = self.model(x)['output']
            loss += self.loss(output, y)
            test_acc += (torch.sum(torch.argmax(output, dim=1) == y)).item()
        return test_acc, loss, y.shape[0]


class FedAvg(Server):
    def __init__(self, args, model, seed):
        super().__init__(args, model, seed)
        g = torch.Generator().manual_seed(seed)
        for i in range(self.num_users):
            x = torch.randn(40, 1, 28, 28, generator=g)
            y = torch.randint(0, 10, (40,), generator=g)
            train_data = TensorDataset(x[:30], y[:30])
            test_data = TensorDataset(x[30:], y[30:])
            user = UserAVG(args, 'f_{0:05d}'.format(i), model, train_data, test_data)
            self.users.append(user)
            self.total_train_samples += user.train_samples
        print("Number of users / total users:", args.num_users, " / ", len(self.users))

    def train(self, args):
        for glob_iter in range(self.num_glob_iters):
            print("\n\n-------------Round number: ", glob_iter, " -------------\n\n")
            self.selected_users = self.select_users(glob_iter, self.num_users)
            self.send_parameters(mode='all')
            self.evaluate()
            for user in self.selected_users:
                user.train(glob_iter)
            self.aggregate_parameters()


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", type=str, default="Mnist-alpha0.1-ratio0.5")
    parser.add_argument("--model", type=str, default="cnn")
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--learning_rate", type=float, default=0.01)
    parser.add_argument("--num_glob_iters", type=int, default=3)
    parser.add_argument("--local_epochs", type=int, default=2)
    parser.add_argument("--algorithm", type=str, default="FedAvg")
    parser.add_argument("--num_users", type=int, default=4)
    parser.add_argument("--times", type=int, default=1)
    args = parser.parse_args()
    torch.manual_seed(0)
    np.random.seed(0)
    server = FedAvg(args, Net(args.dataset, args.model), seed=0)
    server.train(args)
    server.evaluate()
