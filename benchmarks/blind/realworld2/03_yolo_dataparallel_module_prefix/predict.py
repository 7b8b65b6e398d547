import torch

from yolo.net import vgg11_bn
from yolo.dataset import yoloDataset


def decoder(pred, thresh=0.1):
    boxes, probs = [], []
    contain = torch.max(pred[..., 4], pred[..., 9])
    for i, j in zip(*torch.nonzero(contain > thresh, as_tuple=True)):
        cls_prob, cls = pred[i, j, 10:].max(0)
        boxes.append((j.item(), i.item(), cls.item()))
        probs.append((contain[i, j] * cls_prob).item())
    return boxes, probs


if __name__ == '__main__':
    model = vgg11_bn()
    print('load model...')
    model.load_state_dict(torch.load('best.pth'))
    model.eval()
    img, _ = yoloDataset(n=4, seed=3)[0]
    with torch.no_grad():
        pred = model(img.unsqueeze(0))[0]
    boxes, probs = decoder(pred)
    print('detections:', len(boxes))
