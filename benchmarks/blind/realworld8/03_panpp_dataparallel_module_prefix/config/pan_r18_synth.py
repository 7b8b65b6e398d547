model = dict(
    type='PAN',
    backbone=dict(channels=[32, 64, 128, 256]),
    neck=dict(in_channels=(32, 64, 128, 256), out_channels=64),
    detection_head=dict(in_channels=256, hidden_dim=64, num_classes=6)
)
data = dict(
    batch_size=8,
    train=dict(split='train', num_samples=32, img_size=64),
    test=dict(split='test', num_samples=8, img_size=64)
)
train_cfg = dict(
    lr=1e-3,
    schedule='polylr',
    epoch=1,
    optimizer='Adam'
)
test_cfg = dict(
    min_score=0.85,
    min_area=16,
    result_path='outputs/submit_synth'
)
