import argparse

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader

from inception import Inception, InceptionBlock


class Flatten(nn.Module):
	def __init__(self, out_features):
		super(Flatten, self).__init__()
		self.output_dim = out_features

	def forward(self, x):
		return x.view(-1, self.output_dim)


class Reshape(nn.Module):
	def __init__(self, out_shape):
		super(Reshape, self).__init__()
		self.out_shape = out_shape

	def forward(self, x):
		return x.view(-1, *self.out_shape)


def load_ucr(path):
	data = np.loadtxt(path, delimiter="\t")
	y = data[:, 0]
	X = data[:, 1:]
	classes = np.unique(y)
	y = np.searchsorted(classes, y)
	return X, y


parser = argparse.ArgumentParser()
parser.add_argument("--dataset", default="ECG200")
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--batch_size", type=int, default=16)
args = parser.parse_args()

torch.manual_seed(0)

X_train, y_train = load_ucr("data/{}_TRAIN.tsv".format(args.dataset))
X_test, y_test = load_ucr("data/{}_TEST.tsv".format(args.dataset))
n_classes = len(np.unique(y_train))
series_len = X_train.shape[1]

train_ds = TensorDataset(torch.from_numpy(X_train), torch.from_numpy(y_train))
test_ds = TensorDataset(torch.from_numpy(X_test), torch.from_numpy(y_test))
train_dl = DataLoader(train_ds, batch_size=args.batch_size, shuffle=True)
test_dl = DataLoader(test_ds, batch_size=64)

InceptionTime = nn.Sequential(
					Reshape(out_shape=(1, series_len)),
					InceptionBlock(
						in_channels=1,
						n_filters=8,
						kernel_sizes=[5, 11, 23],
						bottleneck_channels=8,
						use_residual=True,
						activation=nn.ReLU()
					),
					InceptionBlock(
						in_channels=32,
						n_filters=8,
						kernel_sizes=[5, 11, 23],
						bottleneck_channels=8,
						use_residual=True,
						activation=nn.ReLU()
					),
					nn.AdaptiveAvgPool1d(output_size=1),
					Flatten(out_features=32*1),
					nn.Linear(in_features=4*8*1, out_features=n_classes)
		)

optimizer = torch.optim.Adam(InceptionTime.parameters(), lr=1e-3)
criterion = nn.CrossEntropyLoss()

for epoch in range(args.epochs):
	InceptionTime.train()
	running = 0.0
	for xb, yb in train_dl:
		optimizer.zero_grad()
		out = InceptionTime(xb)
		loss = criterion(out, yb)
		loss.backward()
		optimizer.step()
		running += loss.item() * xb.size(0)

	InceptionTime.eval()
	correct = 0
	with torch.no_grad():
		for xb, yb in test_dl:
			correct += (InceptionTime(xb).argmax(1) == yb).sum().item()
	print("epoch {}: train loss {:.4f}, test acc {:.3f}".format(epoch, running / len(train_ds), correct / len(test_ds)))
