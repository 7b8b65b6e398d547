#coding:utf8


class AverageValueMeter(object):
    def __init__(self):
        self.reset()

    def add(self, value, n=1):
        self.sum += value * n
        self.n += n

    def value(self):
        return self.sum / max(self.n, 1)

    def reset(self):
        self.sum = 0.0
        self.n = 0


def topk_acc(score, label, k=3):
    topk = score.topk(k, dim=1)[1]
    return (topk == label.view(-1, 1)).any(dim=1).float().mean().item()
