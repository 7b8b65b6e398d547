import os.path as osp


class Config:

    ## dataset
    trainset = ['Human36M']
    testset = 'Human36M'

    ## directory
    cur_dir = osp.dirname(osp.abspath(__file__))
    model_dir = osp.join(cur_dir, 'snapshot')

    ## model setting
    resnet_type = 18  # 18, 34, 50, 101, 152

    ## input, output
    input_shape = (128, 128)
    output_shape = (input_shape[0] // 4, input_shape[1] // 4)
    depth_dim = 32
    bbox_3d_shape = (2000, 2000, 2000)  # depth, height, width

    ## training config
    lr_dec_epoch = [17, 21]
    end_epoch = 1
    lr = 1e-4
    lr_dec_factor = 10
    batch_size = 8
    n_train = 32

    ## others
    num_thread = 0
    joint_num = 18


cfg = Config()
