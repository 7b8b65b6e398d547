import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def buildNetwork(layers, activation="relu"):
    net = []
    for i in range(1, len(layers)):
        net.append(nn.Linear(layers[i - 1], layers[i]))
        if activation == "relu":
            net.append(nn.ReLU())
    return nn.Sequential(*net)


def kmeans(X, n_clusters, n_iter=20, seed=0):
    rng = np.random.RandomState(seed)
    centers = X[rng.choice(len(X), n_clusters, replace=False)]
    for _ in range(n_iter):
        labels = ((X[:, None, :] - centers[None]) ** 2).sum(-1).argmin(1)
        for k in range(n_clusters):
            if (labels == k).any():
                centers[k] = X[labels == k].mean(0)
    return labels, centers


class scDCC(nn.Module):
    def __init__(self, input_dim, z_dim, n_clusters, encodeLayer=[], decodeLayer=[],
                 activation="relu", sigma=1., alpha=1., gamma=1.):
        super(scDCC, self).__init__()
        self.z_dim = z_dim
        self.n_clusters = n_clusters
        self.activation = activation
        self.sigma = sigma
        self.alpha = alpha
        self.gamma = gamma
        self.encoder = buildNetwork([input_dim] + encodeLayer, activation=activation)
        self.decoder = buildNetwork([z_dim] + decodeLayer, activation=activation)
        self._enc_mu = nn.Linear(encodeLayer[-1], z_dim)
        self._dec_mean = nn.Linear(decodeLayer[-1], input_dim)
        self.mu = nn.Parameter(torch.Tensor(n_clusters, z_dim))

    def soft_assign(self, z):
        q = 1.0 / (1.0 + torch.sum((z.unsqueeze(1) - self.mu) ** 2, dim=2) / self.alpha)
        q = q ** ((self.alpha + 1.0) / 2.0)
        q = (q.t() / torch.sum(q, dim=1)).t()
        return q

    def target_distribution(self, q):
        p = q ** 2 / q.sum(0)
        return (p.t() / p.sum(1)).t()

    def forward(self, x):
        h = self.encoder(x + torch.randn_like(x) * float(self.sigma))
        z = self._enc_mu(h)
        h = self.decoder(z)
        mean = self._dec_mean(h)

        h0 = self.encoder(x)
        z0 = self._enc_mu(h0)
        q = self.soft_assign(z0)
        return z0, q, mean

    def encodeBatch(self, X, batch_size=256):
        self.eval()
        encoded = []
        num = X.shape[0]
        num_batch = int(np.ceil(1.0 * X.shape[0] / batch_size))
        for batch_idx in range(num_batch):
            xbatch = X[batch_idx * batch_size: min((batch_idx + 1) * batch_size, num)]
            z, _, _ = self.forward(xbatch)
            encoded.append(z.data)
        encoded = torch.cat(encoded, dim=0)
        return encoded

    def pretrain_autoencoder(self, x, batch_size=64, lr=0.001, epochs=10):
        self.train()
        dataset = TensorDataset(torch.Tensor(x))
        dataloader = DataLoader(dataset, batch_size=batch_size, shuffle=True)
        optimizer = torch.optim.Adam(filter(lambda p: p.requires_grad, self.parameters()), lr=lr, amsgrad=True)
        for epoch in range(epochs):
            loss_val = 0
            for batch_idx, (x_batch,) in enumerate(dataloader):
                _, _, mean_tensor = self.forward(x_batch)
                loss = F.mse_loss(mean_tensor, x_batch)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                loss_val += loss.item() * len(x_batch)
            print('Pretrain epoch %3d, MSE loss: %.8f' % (epoch + 1, loss_val / x.shape[0]))

    def fit(self, X, y=None, lr=1., batch_size=64, num_epochs=10):
        print("Clustering stage")
        X = torch.tensor(X, dtype=torch.float32)
        optimizer = torch.optim.Adadelta(filter(lambda p: p.requires_grad, self.parameters()), lr=lr, rho=.95)

        print("Initializing cluster centers with kmeans.")
        data = self.encodeBatch(X)
        self.y_pred, centers = kmeans(data.numpy().copy(), self.n_clusters)
        self.mu.data.copy_(torch.from_numpy(centers))

        self.train()
        num = X.shape[0]
        num_batch = int(np.ceil(1.0 * X.shape[0] / batch_size))
        for epoch in range(num_epochs):
            latent = self.encodeBatch(X)
            q = self.soft_assign(latent)
            p = self.target_distribution(q).data
            self.y_pred = torch.argmax(q, dim=1).numpy()
            if y is not None:
                acc = max((self.y_pred == y).mean(), 0)
                print('Clustering   %d: purity proxy= %.4f' % (epoch + 1, acc))
            self.train()
            loss_val = 0.0
            for batch_idx in range(num_batch):
                xbatch = X[batch_idx * batch_size: min((batch_idx + 1) * batch_size, num)]
                pbatch = p[batch_idx * batch_size: min((batch_idx + 1) * batch_size, num)]
                zbatch, qbatch, meanbatch = self.forward(xbatch)
                cluster_loss = F.kl_div(qbatch.log(), pbatch, reduction='batchmean')
                recon_loss = F.mse_loss(meanbatch, xbatch)
                loss = cluster_loss * self.gamma + recon_loss
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                loss_val += loss.item() * len(xbatch)
            print('#Epoch %3d: Total: %.4f' % (epoch + 1, loss_val / num))
        return self.y_pred
