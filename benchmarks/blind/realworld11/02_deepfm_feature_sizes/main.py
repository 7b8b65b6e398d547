import torch
import torch.optim as optim
from torch.utils.data import DataLoader
from torch.utils.data import sampler

from model.DeepFM import DeepFM
from data.dataset import CriteoDataset
from utils.dataPreprocess import preprocess

# 900 samples for training, 300 for validation
Num_train = 900

torch.manual_seed(0)
Xi, Xv, y, feature_sizes = preprocess()
print('feature sizes:', feature_sizes)

train_data = CriteoDataset(Xi, Xv, y)
loader_train = DataLoader(train_data, batch_size=100,
                          sampler=sampler.SubsetRandomSampler(range(Num_train)))
val_data = CriteoDataset(Xi, Xv, y)
loader_val = DataLoader(val_data, batch_size=100,
                        sampler=sampler.SubsetRandomSampler(range(Num_train, len(y))))

model = DeepFM(feature_sizes)
optimizer = optim.Adam(model.parameters(), lr=1e-3, weight_decay=0.0)
model.fit(loader_train, loader_val, optimizer, epochs=3, verbose=True)
