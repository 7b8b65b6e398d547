# model settings
norm_cfg = dict(type='BN', requires_grad=True)
model = dict(
    type='EncoderDecoder',
    backbone=dict(in_channels=3, base_channels=16, num_stages=3),
    decode_head=dict(
        type='FCNHead',
        in_channels=64,
        channels=32,
        num_classes=2,
        out_channels=1,
        threshold=0.5,
        dropout_ratio=0.1,
        loss_decode=dict(
            type='CrossEntropyLoss', use_sigmoid=True, loss_weight=1.0)))
# dataset settings
data = dict(
    samples_per_gpu=1,
    workers_per_gpu=0,
    train=dict(type='DRIVEDataset', num_samples=12, img_scale=(64, 64)))
optimizer = dict(type='SGD', lr=0.01, momentum=0.9, weight_decay=0.0005)
runner = dict(type='IterBasedRunner', max_iters=12)
log_config = dict(interval=4)
seed = 0
