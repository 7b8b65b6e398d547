from collections import defaultdict


class MetricLogger:
    def __init__(self):
        self.sums = defaultdict(float)
        self.count = 0

    def update(self, **kwargs):
        for k, v in kwargs.items():
            self.sums[k] += float(v)
        self.count += 1

    def avg(self, k):
        return self.sums[k] / max(self.count, 1)

    def __str__(self):
        return "  ".join(f"{k}: {self.avg(k):.4f}" for k in self.sums)
