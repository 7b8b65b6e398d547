# SSD300-ish CONFIGS, shrunk for 64x64 inputs
voc = {
    'num_classes': 4,
    'feature_maps': [8, 4],
    'min_dim': 64,
    'steps': [8, 16],
    'min_sizes': [12, 28],
    'max_sizes': [28, 48],
    'aspect_ratios': [[2], [2]],
    'variance': [0.1, 0.2],
    'clip': True,
    'name': 'VOC',
}
