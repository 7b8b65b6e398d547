# Plant-leaf disease classifier -- exported from the Kaggle notebook
import numpy as np
import torch

from utils.dataset import LeafDataset, make_fake_leaves
from utils.model import LeafNet
from utils.training import fit

SEED = 42
np.random.seed(SEED)
torch.manual_seed(SEED)

images, labels = make_fake_leaves(n=288, size=128, n_classes=4, seed=SEED)
train_ds = LeafDataset(images[:256], labels[:256])
valid_ds = LeafDataset(images[256:], labels[256:])

model = LeafNet(n_classes=4)
history = fit(model, train_ds, valid_ds, epochs=1)
print(history)
