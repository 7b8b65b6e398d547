class Config(object):
    embed_size = 32
    num_channels = 16
    kernel_size = [3, 4, 5]
    output_size = 4
    max_epochs = 3
    lr = 0.3
    batch_size = 64
    max_sen_len = 20
    dropout_keep = 0.8
