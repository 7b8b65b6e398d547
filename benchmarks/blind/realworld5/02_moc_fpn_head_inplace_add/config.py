from easydict_lite import EasyDict as edict

__C = edict()
cfg = __C

__C.SEED = 3035
__C.DATASET = 'NWPU_MOC'
__C.NUM_CLASSES = 6
__C.NET = 'MOC_RS'
__C.LR_BASE_NET = 1e-4
__C.WEIGHT_DECAY = 1e-5
__C.MAX_EPOCH = 2
__C.TRAIN_BATCH_SIZE = 4
__C.TRAIN_SIZE = (64, 64)
__C.NUM_TRAIN_IMGS = 16
__C.PRINT_FREQ = 2
__C.FPN_IN_CHANNELS = [16, 32, 64]
__C.FPN_OUT_CHANNELS = 32
