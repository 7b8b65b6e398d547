import logging

import torch

from data import iterator_factory
from train.model import model


def train_model(sym_net, model_prefix, dataset, input_conf,
                clip_length=4, train_frame_interval=2, val_frame_interval=2,
                resume_epoch=-1, batch_size=4, save_frequency=1,
                lr_base=0.01, lr_factor=0.1, lr_steps=[400000, 800000],
                end_epoch=1000, distributed=False, fine_tune=False,
                epoch_div_factor=4, precise_bn=False, num_classes=5,
                **kwargs):

    assert torch.cuda.is_available() or True, "Currently, we only support CUDA version"

    # data iterator
    train_iter, eval_iter = iterator_factory.creat(name=dataset, batch_size=batch_size,
                                                   clip_length=clip_length, num_classes=num_classes)

    # wapper (dynamic model)
    net = model(net=sym_net, criterion=torch.nn.CrossEntropyLoss(), model_prefix=model_prefix,
                save_checkpoint_freq=save_frequency)

    # config optimization
    param_base_layers = []
    param_new_layers = []
    name_base_layers = []
    for name, param in net.net.named_parameters():
        if fine_tune:
            if name.startswith('classifier'):
                param_new_layers.append(param)
            else:
                param_base_layers.append(param)
                name_base_layers.append(name)
        else:
            param_new_layers.append(param)

    if name_base_layers:
        out = "[\'" + '\', \''.join(name_base_layers) + "\']"
        logging.info("Optimizer:: >> recuding the learning rate of {} params: {}".format(
            len(name_base_layers), out if len(out) < 300 else out[0:150] + " ... " + out[-150:]))

    optimizer = torch.optim.SGD([{'params': param_base_layers, 'lr_mult': 0.2},
                                 {'params': param_new_layers, 'lr_mult': 1.0}],
                                lr=lr_base, momentum=0.9, weight_decay=0.0001, nesterov=True)

    # resume: model and optimizer
    if resume_epoch < 0:
        epoch_start = 0
    else:
        net.load_checkpoint(epoch=resume_epoch, optimizer=optimizer)
        epoch_start = resume_epoch

    lr_scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[10, 20], gamma=lr_factor)
    net.fit(train_iter=train_iter, eval_iter=eval_iter, optimizer=optimizer, lr_scheduler=lr_scheduler,
            epoch_start=epoch_start, epoch_end=end_epoch)
