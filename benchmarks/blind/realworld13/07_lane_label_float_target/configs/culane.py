# DATA
dataset = 'CULane'
data_root = None
num_samples = 32
img_h, img_w = 32, 80

# TRAIN
epoch = 3
batch_size = 8
optimizer = 'Adam'
learning_rate = 4e-4
weight_decay = 1e-4

# NETWORK
griding_num = 20
num_lanes = 4
cls_num_per_lane = 9

# LOSS
sim_loss_w = 0.0
shp_loss_w = 0.0
