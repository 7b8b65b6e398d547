import argparse

import numpy as np
import torch
import yaml

import modeling_finetune  # noqa: F401  (registers models)
import modeling_pretrain  # noqa: F401
from datasets import build_pretraining_dataset
from engine_for_pretraining import train_one_epoch
from registry import create_model


def get_args():
    parser = argparse.ArgumentParser('MAE pre-training script', add_help=False)
    parser.add_argument('--config', default='configs/pretrain_oct.yaml', type=str)
    parser.add_argument('--batch_size', default=None, type=int)
    args = parser.parse_args()
    with open(args.config) as f:
        for k, v in yaml.safe_load(f).items():
            if getattr(args, k, None) is None:
                setattr(args, k, v)
    return args


def main(args):
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)

    model = create_model(args.model)
    patch_size = model.encoder.patch_embed.proj.kernel_size[0] if hasattr(model, 'encoder') else args.patch_size
    args.window_size = (args.input_size // patch_size, args.input_size // patch_size)

    dataset_train = build_pretraining_dataset(args)
    data_loader_train = torch.utils.data.DataLoader(dataset_train, batch_size=args.batch_size, shuffle=True,
                                                    drop_last=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95), weight_decay=args.weight_decay)

    print("Start training for %d epochs" % args.epochs)
    for epoch in range(args.epochs):
        loss = train_one_epoch(model, data_loader_train, optimizer, epoch, patch_size,
                               normlize_target=args.normlize_target)
        print('epoch %d  loss %.4f' % (epoch, loss))


if __name__ == '__main__':
    opts = get_args()
    main(opts)
