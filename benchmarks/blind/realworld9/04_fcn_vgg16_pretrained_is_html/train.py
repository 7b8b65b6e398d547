import argparse
import torch

from data.GTA5 import GTA5
from model import FCN32s
from trainer import Trainer
from vgg import VGG16


configurations = {
  # same configuration as original work
  # https://github.com/shelhamer/fcn.berkeleyvision.org
  1: dict(
    max_iteration=4,
    lr=1.0e-10,
    momentum=0.99,
    weight_decay=0.0005,
  )
}


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument('-c', '--config', type=int, default=1, choices=configurations.keys())
  parser.add_argument('--out', default='logs/fcn32s')
  args = parser.parse_args()
  cfg = configurations[args.config]
  torch.manual_seed(1337)

  train_loader = torch.utils.data.DataLoader(GTA5('train'), batch_size=1, shuffle=True)
  val_loader = torch.utils.data.DataLoader(GTA5('val'), batch_size=1, shuffle=False)

  model = FCN32s(n_class=GTA5.n_class)
  vgg16 = VGG16(pretrained=True)
  model.copy_params_from_vgg16(vgg16)

  optim = torch.optim.SGD(model.parameters(), lr=cfg['lr'], momentum=cfg['momentum'],
                          weight_decay=cfg['weight_decay'])
  trainer = Trainer(model=model, optimizer=optim, train_loader=train_loader,
                    val_loader=val_loader, out=args.out, max_iter=cfg['max_iteration'])
  trainer.train()


if __name__ == '__main__':
  main()
