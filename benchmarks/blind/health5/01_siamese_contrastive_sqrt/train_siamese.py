import argparse

import torch
from torch.optim import lr_scheduler
import torch.optim as optim
from torch.utils.data import DataLoader

from datasets.vibration import make_vibration_set, SiameseDataset
from networks.embedding import EmbeddingNet, SiameseNet
from losses import ContrastiveLoss
from trainer import fit

parser = argparse.ArgumentParser()
parser.add_argument('--epochs', type=int, default=6)
parser.add_argument('--margin', type=float, default=1.)
parser.add_argument('--lr', type=float, default=1e-3)
args = parser.parse_args()

torch.manual_seed(0)
data, labels = make_vibration_set()
siamese_train_dataset = SiameseDataset(data, labels)
siamese_train_loader = DataLoader(siamese_train_dataset, batch_size=16, shuffle=True)

embedding_net = EmbeddingNet()
model = SiameseNet(embedding_net)
loss_fn = ContrastiveLoss(args.margin)
optimizer = optim.Adam(model.parameters(), lr=args.lr)
scheduler = lr_scheduler.StepLR(optimizer, 8, gamma=0.1, last_epoch=-1)

fit(siamese_train_loader, model, loss_fn, optimizer, scheduler, args.epochs)
