from easydict_lite import EasyDict as edict

config = edict()
config.network = "r18"
config.embedding_size = 128
config.sample_rate = 1.0
config.fp16 = False
config.momentum = 0.9
config.weight_decay = 5e-4
config.batch_size = 8
config.lr = 0.1
config.num_classes = 8
config.num_epoch = 2
config.verbose = 2
config.rec = "data"
config.output = "work_dirs/faces_r18"
config.seed = 2048
