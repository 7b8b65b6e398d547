"""train TransRAC model """
import os

import torch

from models.TransRAC import TransferModel
from tools.my_tools import MyData
from train_looping import train_loop

# CUDA environment
N_GPU = 1
device_ids = [i for i in range(N_GPU)]

# # # load data
root_path = './data/LSP_npz(64)/'
train_video_dir = 'train'
train_label_dir = 'train.csv'
valid_video_dir = 'valid'
valid_label_dir = 'valid.csv'

# # # video swin transformer pretrained model and config
config = './configs/recognition/swin/swin_tiny_patch244_window877_kinetics400_1k.py'
checkpoint = './pretrained/swin_tiny_patch244_window877_kinetics400_1k.pth'

# # # TransRAC trained model checkpoint, we will upload soon.
lastckpt = None

NUM_FRAME = 16
# multi scales(list). we currently support 1,4,8 scale.
SCALES = [1, 4, 8]
torch.manual_seed(1)
train_dataset = MyData(12, NUM_FRAME, seed=1)
valid_dataset = MyData(4, NUM_FRAME, seed=2)
my_model = TransferModel(config=config, checkpoint=checkpoint, num_frames=NUM_FRAME, scales=SCALES, OPEN=False)
NUM_EPOCHS = 2
LR = 1e-4
BATCH_SIZE = 4

train_loop(NUM_EPOCHS, my_model, train_dataset, valid_dataset, train=True, valid=True,
           batch_size=BATCH_SIZE, lr=LR, saveckpt=False, ckpt_name='ours', log_dir='ours', device_ids=device_ids,
           lastckpt=lastckpt, mae_error=False)
