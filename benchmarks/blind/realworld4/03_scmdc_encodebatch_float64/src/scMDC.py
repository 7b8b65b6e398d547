import math
import os
from time import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

from layers import ZINBLoss, MeanAct, DispAct, GaussianNoise
from utils import kmeans, cluster_acc


def buildNetwork(layers, type, activation="relu"):
    net = []
    for i in range(1, len(layers)):
        net.append(nn.Linear(layers[i - 1], layers[i]))
        net.append(nn.BatchNorm1d(layers[i], affine=True))
        if activation == "relu":
            net.append(nn.ReLU())
        elif activation == "elu":
            net.append(nn.ELU())
    return nn.Sequential(*net)


class scMultiCluster(nn.Module):
    def __init__(self, input_dim1, input_dim2, encodeLayer=[], decodeLayer1=[], decodeLayer2=[],
                 activation="elu", sigma1=2.5, sigma2=.1, alpha=1., gamma=1., phi1=0.0001, phi2=0.0001,
                 cutoff=0.5, device="cuda"):
        super(scMultiCluster, self).__init__()
        self.cutoff = cutoff
        self.activation = activation
        self.sigma1 = sigma1
        self.sigma2 = sigma2
        self.alpha = alpha
        self.gamma = gamma
        self.phi1 = phi1
        self.phi2 = phi2
        self.encoder = buildNetwork([input_dim1 + input_dim2] + encodeLayer, type="encode", activation=activation)
        self.decoder1 = buildNetwork(decodeLayer1, type="decode", activation=activation)
        self.decoder2 = buildNetwork(decodeLayer2, type="decode", activation=activation)
        self.dec_mean1 = nn.Sequential(nn.Linear(decodeLayer1[-1], input_dim1), MeanAct())
        self.dec_disp1 = nn.Sequential(nn.Linear(decodeLayer1[-1], input_dim1), DispAct())
        self.dec_mean2 = nn.Sequential(nn.Linear(decodeLayer2[-1], input_dim2), MeanAct())
        self.dec_disp2 = nn.Sequential(nn.Linear(decodeLayer2[-1], input_dim2), DispAct())
        self.dec_pi1 = nn.Sequential(nn.Linear(decodeLayer1[-1], input_dim1), nn.Sigmoid())
        self.dec_pi2 = nn.Sequential(nn.Linear(decodeLayer2[-1], input_dim2), nn.Sigmoid())
        self.zinb_loss = ZINBLoss()
        self.z_dim = encodeLayer[-1]
        self.device = device
        self.noise1 = GaussianNoise(sigma1)
        self.noise2 = GaussianNoise(sigma2)

    def save_model(self, path):
        torch.save(self.state_dict(), path)

    def soft_assign(self, z):
        q = 1.0 / (1.0 + torch.sum((z.unsqueeze(1) - self.mu) ** 2, dim=2) / self.alpha)
        q = q ** ((self.alpha + 1.0) / 2.0)
        q = (q.t() / torch.sum(q, dim=1)).t()
        return q

    def target_distribution(self, q):
        p = q ** 2 / q.sum(0)
        return (p.t() / p.sum(1)).t()

    def forwardAE(self, x1, x2):
        z = self.encoder(torch.cat([self.noise1(x1), self.noise2(x2)], dim=-1))
        h = self.encoder(torch.cat([x1, x2], dim=-1))
        h1 = self.decoder1(h)
        mean1, disp1, pi1 = self.dec_mean1(h1), self.dec_disp1(h1), self.dec_pi1(h1)
        h2 = self.decoder2(h)
        mean2, disp2, pi2 = self.dec_mean2(h2), self.dec_disp2(h2), self.dec_pi2(h2)
        num, lq = z.shape[0], 1
        return z, mean1, mean2, disp1, disp2, pi1, pi2, num, lq

    def forward(self, x1, x2):
        z, mean1, mean2, disp1, disp2, pi1, pi2, num, lq = self.forwardAE(x1, x2)
        h = self.encoder(torch.cat([x1, x2], dim=-1))
        q = self.soft_assign(h)
        return z, q, mean1, mean2, disp1, disp2, pi1, pi2

    def encodeBatch(self, X1, X2, batch_size=256):
        self.eval()
        encoded = []
        num = X1.shape[0]
        num_batch = int(math.ceil(1.0 * X1.shape[0] / batch_size))
        for batch_idx in range(num_batch):
            x1batch = X1[batch_idx * batch_size: min((batch_idx + 1) * batch_size, num)]
            x2batch = X2[batch_idx * batch_size: min((batch_idx + 1) * batch_size, num)]
            inputs1 = x1batch.to(self.device)
            inputs2 = x2batch.to(self.device)
            z, _, _, _, _, _, _, _, _ = self.forwardAE(inputs1, inputs2)
            encoded.append(z.data)
        encoded = torch.cat(encoded, dim=0)
        return encoded

    def kldloss(self, p, q):
        c1 = -torch.sum(p * torch.log(q + 1e-6), dim=-1)
        c2 = -torch.sum(p * torch.log(p + 1e-6), dim=-1)
        return torch.mean(c1 - c2)

    def pretrain_autoencoder(self, X1, X_raw1, sf1, X2, X_raw2, sf2, batch_size=256, lr=0.001,
                             epochs=400, ae_save=True, ae_weights='AE_weights.pth.tar'):
        num_batch = int(math.ceil(1.0 * X1.shape[0] / batch_size))
        dataset = TensorDataset(torch.Tensor(X1), torch.Tensor(X_raw1), torch.Tensor(sf1),
                                torch.Tensor(X2), torch.Tensor(X_raw2), torch.Tensor(sf2))
        dataloader = DataLoader(dataset, batch_size=batch_size, shuffle=True)
        print("Pretraining stage")
        optimizer = optim.Adam(filter(lambda p: p.requires_grad, self.parameters()), lr=lr, amsgrad=True)
        for epoch in range(epochs):
            loss_val = 0
            recon_loss1_val = 0
            recon_loss2_val = 0
            for batch_idx, (x1_batch, x_raw1_batch, sf1_batch, x2_batch, x_raw2_batch, sf2_batch) in enumerate(dataloader):
                x1_tensor = x1_batch.to(self.device)
                x_raw1_tensor = x_raw1_batch.to(self.device)
                sf1_tensor = sf1_batch.to(self.device)
                x2_tensor = x2_batch.to(self.device)
                x_raw2_tensor = x_raw2_batch.to(self.device)
                sf2_tensor = sf2_batch.to(self.device)
                zbatch, mean1_tensor, mean2_tensor, disp1_tensor, disp2_tensor, pi1_tensor, pi2_tensor, num, lq = \
                    self.forwardAE(x1_tensor, x2_tensor)
                recon_loss1 = self.zinb_loss(x=x_raw1_tensor, mean=mean1_tensor, disp=disp1_tensor, pi=pi1_tensor,
                                             scale_factor=sf1_tensor)
                recon_loss2 = self.zinb_loss(x=x_raw2_tensor, mean=mean2_tensor, disp=disp2_tensor, pi=pi2_tensor,
                                             scale_factor=sf2_tensor)
                loss = recon_loss1 + recon_loss2
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                loss_val += loss.item() * len(x1_batch)
                recon_loss1_val += recon_loss1.item() * len(x1_batch)
                recon_loss2_val += recon_loss2.item() * len(x2_batch)
            loss_val = loss_val / X1.shape[0]
            recon_loss1_val = recon_loss1_val / X1.shape[0]
            recon_loss2_val = recon_loss2_val / X2.shape[0]
            if epoch % 5 == 0 or epoch == epochs - 1:
                print('Pretrain epoch {}, Total loss:{:.6f}, ZINB loss1:{:.6f}, ZINB loss2:{:.6f}'.format(
                    epoch + 1, loss_val, recon_loss1_val, recon_loss2_val))

        if ae_save:
            torch.save({'ae_state_dict': self.state_dict(),
                        'optimizer_state_dict': optimizer.state_dict()}, ae_weights)

    def fit(self, X1, X_raw1, sf1, X2, X_raw2, sf2, y=None, lr=1., n_clusters=4,
            batch_size=256, num_epochs=10, update_interval=1, tol=1e-3, save_dir=""):
        '''X: tensor data'''
        print("Clustering stage")
        X1 = torch.tensor(X1).to(self.device)
        X_raw1 = torch.tensor(X_raw1).to(self.device)
        sf1 = torch.tensor(sf1).to(self.device)
        X2 = torch.tensor(X2).to(self.device)
        X_raw2 = torch.tensor(X_raw2).to(self.device)
        sf2 = torch.tensor(sf2).to(self.device)
        self.mu = nn.Parameter(torch.Tensor(n_clusters, self.z_dim), requires_grad=True)
        optimizer = optim.Adadelta(filter(lambda p: p.requires_grad, self.parameters()), lr=lr, rho=.95)

        print("Initializing cluster centers with kmeans.")
        Zdata = self.encodeBatch(X1.float(), X2.float(), batch_size=batch_size)
        self.y_pred, centers = kmeans(Zdata.float().cpu(), n_clusters)
        self.y_pred_last = self.y_pred
        self.mu.data.copy_(centers)
        if y is not None:
            print('Initializing k-means: ACC= %.4f' % cluster_acc(y, self.y_pred))

        self.train()
        num = X1.shape[0]
        num_batch = int(math.ceil(1.0 * X1.shape[0] / batch_size))
        for epoch in range(num_epochs):
            if epoch % update_interval == 0:
                Zdata = self.encodeBatch(X1.float(), X2.float(), batch_size=batch_size)
                q = self.soft_assign(Zdata)
                p = self.target_distribution(q).data
                self.y_pred = torch.argmax(q, dim=1).data.cpu().numpy()
                if y is not None:
                    print('Clustering   %d: ACC= %.4f' % (epoch + 1, cluster_acc(y, self.y_pred)))
                delta_label = np.sum(self.y_pred != self.y_pred_last).astype(np.float32) / num
                self.y_pred_last = self.y_pred
                if epoch > 0 and delta_label < tol:
                    print('delta_label ', delta_label, '< tol ', tol)
                    print("Reach tolerance threshold. Stopping training.")
                    break
                self.train()

            loss_val = 0.0
            for batch_idx in range(num_batch):
                sl = slice(batch_idx * batch_size, min((batch_idx + 1) * batch_size, num))
                x1_batch, x_raw1_batch, sf1_batch = X1[sl].float(), X_raw1[sl].float(), sf1[sl].float()
                x2_batch, x_raw2_batch, sf2_batch = X2[sl].float(), X_raw2[sl].float(), sf2[sl].float()
                z, qbatch, mean1, mean2, disp1, disp2, pi1, pi2 = self.forward(x1_batch, x2_batch)
                recon1 = self.zinb_loss(x=x_raw1_batch, mean=mean1, disp=disp1, pi=pi1, scale_factor=sf1_batch)
                recon2 = self.zinb_loss(x=x_raw2_batch, mean=mean2, disp=disp2, pi=pi2, scale_factor=sf2_batch)
                cluster_loss = self.kldloss(p[sl], qbatch)
                loss = cluster_loss * self.gamma + recon1 + recon2
                optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.mu, 1)
                optimizer.step()
                loss_val += loss.item() * len(x1_batch)
            print("#Epoch %d: Total: %.6f" % (epoch + 1, loss_val / num))
        return self.y_pred, epoch + 1
