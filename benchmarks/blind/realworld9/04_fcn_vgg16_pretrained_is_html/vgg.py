
import os
import os.path as osp
import urllib.request

import torch
import torch.nn as nn


cfg_D = [64, 64, 'M', 128, 128, 'M', 256, 256, 256, 'M', 512, 512, 512, 'M', 512, 512, 512, 'M']


class VGG(nn.Module):
  def __init__(self, features, num_classes=1000):
    super(VGG, self).__init__()
    self.features = features
    self.classifier = nn.Sequential(
      nn.Linear(512 * 7 * 7, 4096),
      nn.ReLU(True),
      nn.Dropout(),
      nn.Linear(4096, 4096),
      nn.ReLU(True),
      nn.Dropout(),
      nn.Linear(4096, num_classes),
    )

  def forward(self, x):
    x = self.features(x)
    x = x.view(x.size(0), -1)
    return self.classifier(x)


def make_layers(cfg):
  layers = []
  in_channels = 3
  for v in cfg:
    if v == 'M':
      layers += [nn.MaxPool2d(kernel_size=2, stride=2)]
    else:
      layers += [nn.Conv2d(in_channels, v, kernel_size=3, padding=1), nn.ReLU(inplace=True)]
      in_channels = v
  return nn.Sequential(*layers)


def VGG16(pretrained=False):
  model = VGG(make_layers(cfg_D))

  if not pretrained:
    return model
  model_file = _get_vgg16_pretrained_model()
  state_dict = torch.load(model_file)
  model.load_state_dict(state_dict)
  return model


def _get_vgg16_pretrained_model():

  file_path = osp.join(osp.dirname(osp.abspath(__file__)), 'pretrain_model', 'vgg16_from_caffe.pth')
  if not os.path.exists(file_path):
    try:
      urllib.request.urlretrieve('http://drive.google.com/uc?id=0B9P1L--7Wd2vLTJZMXpIRkVVRFk',
        file_path)
    except Exception as e:
      print(e)

  return file_path
