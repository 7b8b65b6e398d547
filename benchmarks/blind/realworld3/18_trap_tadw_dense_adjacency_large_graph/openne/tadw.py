import math
import numpy as np
import torch
from sklearn_free_svd import truncated_svd


class TADW(object):
    """Text-Associated DeepWalk (Yang et al., 2015): factorise M = (A + A^2) / 2 as W^T H T."""

    def __init__(self, graph, dim, lamb=0.2, epochs=20):
        self.g = graph
        self.lamb = lamb
        self.dim = int(dim / 2)
        self.epochs = epochs

    def getAdj(self):
        graph = self.g
        node_size = graph.node_size
        adj = np.zeros((node_size, node_size))
        for edge in graph.edges:
            adj[edge[0]][edge[1]] = 1.0
            adj[edge[1]][edge[0]] = 1.0
        # ScaleSimMat
        return adj / np.sum(adj, axis=1, keepdims=True).clip(min=1)

    def getT(self):
        return truncated_svd(self.g.dense_features(), 200).T

    def train(self):
        self.adj = torch.from_numpy(self.getAdj()).float()
        self.M = (self.adj + self.adj @ self.adj) / 2
        self.T = torch.from_numpy(self.getT()).float()
        self.node_size = self.adj.shape[0]
        self.feature_size = self.T.shape[0]
        self.W = torch.randn(self.dim, self.node_size, requires_grad=True)
        self.H = torch.randn(self.dim, self.feature_size, requires_grad=True)
        opt = torch.optim.Adam([self.W, self.H], lr=0.05)
        for i in range(self.epochs):
            loss = ((self.M - self.W.t() @ self.H @ self.T) ** 2).sum() + \
                self.lamb * (self.W.norm() ** 2 + self.H.norm() ** 2)
            opt.zero_grad()
            loss.backward()
            opt.step()
            print("epoch", i, "loss", loss.item())
        self.Vecs = torch.cat([self.W.t(), (self.H @ self.T).t()], 1).detach()
        return self.Vecs
