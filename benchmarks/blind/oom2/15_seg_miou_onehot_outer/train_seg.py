import argparse

import torch
import torch.nn.functional as F

from vocseg.scenes import random_scenes
from vocseg.fcn import tiny_fcn
from vocseg.metrics import confusion_matrix, mean_iou

NUM_CLASSES = 21  # VOC-style label set

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=128)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--n-train", type=int, default=128)
    a = ap.parse_args()
    torch.manual_seed(0)
    x, y = random_scenes(a.n_train, a.size, NUM_CLASSES, seed=0)
    model = tiny_fcn(NUM_CLASSES)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    conf = torch.zeros(NUM_CLASSES, NUM_CLASSES, dtype=torch.long)
    for i in range(0, a.n_train, a.batch_size):
        logits = model(x[i:i + a.batch_size])
        loss = F.cross_entropy(logits, y[i:i + a.batch_size])
        opt.zero_grad()
        loss.backward()
        opt.step()
        conf += confusion_matrix(logits.argmax(1), y[i:i + a.batch_size], NUM_CLASSES)
        print(f"step {i // a.batch_size} loss {loss.item():.3f} running mIoU {mean_iou(conf):.3f}", flush=True)
    torch.save(model.state_dict(), "fcn.pt")
