import os

import torch

from .rtnet import RTNet

WEIGHTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "weights")


class RTNetPredictor(object):
    def __init__(self, device="cpu", ckpt=None, encoder="rtnet50", decoder="fcn", num_classes=11):
        self.device = device
        if ckpt is None:
            ckpt = os.path.join(WEIGHTS, f"{encoder}-{decoder}-{num_classes}.torch")
        self.model = RTNet(num_classes=num_classes)
        ckpt = torch.load(ckpt, 'cpu')
        ckpt = ckpt.get('state_dict', ckpt)
        self.model.load_state_dict(ckpt, True)
        self.model.eval().to(device)

    @torch.no_grad()
    def predict_img(self, img):
        logits = self.model(img.to(self.device))
        return logits.argmax(1).cpu()
