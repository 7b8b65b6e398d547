import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from net.fmri_lstm import fMRI_LSTM

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

#################### Parameters #############################
num_epoch = 3
batch_size = 64
window_size = 32
lr = 0.001
hidden_dim = 64
num_rois = 22

torch.manual_seed(0)
np.random.seed(0)


###### synthetic HCP-like data: subjects x ROIs x timepoints, label = sex ######
def load_data(n_subjects=256, n_timepoints=100):
    labels = np.random.randint(0, 2, n_subjects).astype(np.float32)
    data = np.random.randn(n_subjects, num_rois, n_timepoints).astype(np.float32)
    data[labels == 1, :5, :] += 0.3
    return data, labels


train_data, train_label = load_data()
test_data, test_label = load_data(128)

net = fMRI_LSTM(hidden_dim, num_rois).to(device)
criterion = nn.BCELoss()
optimizer = optim.Adam(net.parameters(), lr=lr, weight_decay=0.001)

###### start training model
training_loss = 0.0

for epoch in range(num_epoch):  # number of mini-batches
    # select a random sub-set of subjects
    idx_perm = np.random.permutation(int(train_data.shape[0]))
    for i in range(train_data.shape[0] // batch_size):
        idx = idx_perm[i * batch_size:(i + 1) * batch_size]

        # construct a mini-batch by sampling a window W for each subject
        train_data_batch = np.zeros((batch_size, window_size, num_rois))
        train_label_batch = train_label[idx]

        for j in range(batch_size):
            r1 = np.random.randint(0, train_data.shape[2] - window_size)
            train_data_batch[j] = train_data[idx[j], :, r1:r1 + window_size].T

        train_data_batch_dev = torch.from_numpy(train_data_batch).float().to(device)
        train_label_batch_dev = torch.from_numpy(train_label_batch).float().to(device)

        # forward + backward + optimize
        optimizer.zero_grad()
        outputs = net(train_data_batch_dev)
        loss = criterion(outputs.squeeze(), train_label_batch_dev)
        loss.backward()
        optimizer.step()

        # print training statistics
        training_loss += loss.item()
    print('[%d] training loss: %.3f' % (epoch + 1, training_loss / (train_data.shape[0] // batch_size)))
    training_loss = 0.0
