# type 'cp' or '' (VQA-CP or VQA)
type = ''
# dataset version (v1 or v2)
version = 'v2'
# 'train' or 'trainval'
mode = 'train'

task = 'OpenEnded'
dataset = 'mscoco'
max_question_len = 14
visual_glimpses = 1

# dataroot and proceed_data path
main_path = './data/'
cache_root = main_path + (type + version)

output_features = 256
rcnn_output_size = 12  # max number of object proposals per image

num_train_questions = 96
num_val_questions = 32
vocab_size = 400
num_answers = 50

hid_dim = 128
epochs = 2
batch_size = 16
workers = 0

masks = 3
lr = 2e-3
