# DATA
dataset = 'Tusimple'
data_root = None

# TRAIN
epoch = 1
batch_size = 8
optimizer = 'SGD'
learning_rate = 0.05
weight_decay = 1e-4
momentum = 0.9

# NETWORK
backbone = 'tiny'
griding_num = 25
num_lanes = 4
cls_num_per_lane = 14
use_aux = False

# LOSS
sim_loss_w = 0.0
shp_loss_w = 0.0

# EXP
note = ''
log_path = 'log'

# FINETUNE or RESUME MODEL PATH
finetune = 'weights/tusimple_18.pth'
resume = None
