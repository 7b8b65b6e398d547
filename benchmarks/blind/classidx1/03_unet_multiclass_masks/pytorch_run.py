from __future__ import print_function, division
import numpy as np
import torch
import torch.utils.data

from Data_Loader import Images_Dataset_folder
from losses import calc_loss
from Models import U_Net

#######################################################
# Setting the basic paramters of the model
#######################################################

batch_size = 4
print('batch_size = ' + str(batch_size))

valid_size = 0.15
epoch = 4
print('epoch = ' + str(epoch))

random_seed = 0
np.random.seed(random_seed)
torch.manual_seed(random_seed)

shuffle = True
valid_loss_min = np.inf
num_workers = 0
lossT = []
lossL = []
n_iter = 1

train_on_gpu = torch.cuda.is_available()
device = torch.device("cuda:0" if train_on_gpu else "cpu")

#######################################################
# Setting up the model
#######################################################

model_Inputs = [U_Net]


def model_unet(model_input, in_channel=3, out_channel=1):
    model_test = model_input(in_channel, out_channel)
    return model_test


model_test = model_unet(model_Inputs[0], 3, 5)
model_test.to(device)

#######################################################
# Passing the Dataset of Images and Labels
#######################################################

Training_Data = Images_Dataset_folder(n_images=48, seed=0)

num_train = len(Training_Data)
indices = list(range(num_train))
split = int(np.floor(valid_size * num_train))

if shuffle:
    np.random.shuffle(indices)

train_idx, valid_idx = indices[split:], indices[:split]
train_sampler = torch.utils.data.SubsetRandomSampler(train_idx)
valid_sampler = torch.utils.data.SubsetRandomSampler(valid_idx)

train_loader = torch.utils.data.DataLoader(Training_Data, batch_size=batch_size, sampler=train_sampler,
                                           num_workers=num_workers)
valid_loader = torch.utils.data.DataLoader(Training_Data, batch_size=batch_size, sampler=valid_sampler,
                                           num_workers=num_workers)

#######################################################
# Using Adam as Optimizer
#######################################################

initial_lr = 0.003
opt = torch.optim.Adam(model_test.parameters(), lr=initial_lr)

#######################################################
# Training loop
#######################################################

for i in range(epoch):

    train_loss = 0.0
    valid_loss = 0.0

    model_test.train()
    k = 1

    for x, y in train_loader:
        x, y = x.to(device), y.to(device)

        opt.zero_grad()

        y_pred = model_test(x)
        lossT = calc_loss(y_pred, y)
        train_loss += lossT.item() * x.size(0)
        lossT.backward()
        opt.step()
        x_size = lossT.item() * x.size(0)
        k = 2

    model_test.eval()
    torch.no_grad()

    pixel_acc = []
    for x1, y1 in valid_loader:
        x1, y1 = x1.to(device), y1.to(device)

        y_pred1 = model_test(x1)
        lossL = calc_loss(y_pred1, y1)
        valid_loss += lossL.item() * x1.size(0)
        pixel_acc.append((y_pred1.argmax(1) == y1.argmax(1)).float().mean().item())

    train_loss = train_loss / len(train_idx)
    valid_loss = valid_loss / len(valid_idx)

    print('Epoch: {}/{} \tTraining Loss: {:.6f} \tValidation Loss: {:.6f} \tPixel Acc: {:.4f}'.format(
        i + 1, epoch, train_loss, valid_loss, float(np.mean(pixel_acc))))

    if valid_loss <= valid_loss_min:
        print('Validation loss decreased ({:.6f} --> {:.6f}).'.format(valid_loss_min, valid_loss))
        valid_loss_min = valid_loss
