import os
import time

import torch
from torch.utils.data import DataLoader

import config
import train_val
from data import SyntheticFaceDataset


def main(args):

    torch.manual_seed(args.seed)
    hparams = args
    trainer_mod = train_val.Trainer(hparams)

    dataset = SyntheticFaceDataset(num_classes=args.num_classes, image_size=args.image_size, seed=args.seed)
    train_loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True,
                              num_workers=args.num_workers, drop_last=True)

    optimizer = trainer_mod.configure_optimizers()
    precision = 16 if args.use_16bit else 32
    scaler = torch.amp.GradScaler('cpu', enabled=(precision == 16))
    print('precision: {}'.format(precision))

    trainer_mod.train()
    start = time.time()
    for epoch in range(args.epochs):
        for batch_idx, batch in enumerate(train_loader):
            with torch.autocast(device_type='cpu', dtype=torch.float16, enabled=(precision == 16)):
                loss = trainer_mod.training_step(batch, batch_idx)
            optimizer.zero_grad()
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(trainer_mod.parameters(), 5.0)
            scaler.step(optimizer)
            scaler.update()
            if batch_idx % 5 == 0:
                print('epoch {} iter {} loss {:.4f} ({:.1f}s)'.format(epoch, batch_idx, loss.item(), time.time() - start))


if __name__ == '__main__':

    args = config.get_args()
    args.output_dir = os.path.join('experiments', args.prefix)
    main(args)
